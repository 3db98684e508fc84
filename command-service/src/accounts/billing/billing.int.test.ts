import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingStream } from '@modshelf/events';
import { makeTestApp, type TestApp } from '../test-app';
import { processBillingCycle, type BillingDeps } from './billing.routes';
import { SandboxPaymentProvider, brandOfCard, luhnOk } from './provider';
import { BillingVault } from './vault';
import { addInterval, billingDecider, hasPerks, type BillingCommand } from './decider';
import { fold } from '../../kernel/decider';
import type { RecordedEvent } from '@modshelf/events';
import { join } from 'node:path';

let t: TestApp;
let clock: Date;
const payments = new SandboxPaymentProvider();
beforeEach(async () => {
  clock = new Date('2026-03-31T12:00:00.000Z');
  t = await makeTestApp({ now: () => clock, payments });
});
afterEach(async () => {
  appVault?.close();
  appVault = null;
  await t.close();
});

const bdeps = (): BillingDeps => ({ ...t.deps, payments, billingVault: openAppVault() });
let appVault: BillingVault | null = null;
function openAppVault() {
  appVault ??= new BillingVault(join(t.dir, 'billing.db'));
  return appVault;
}

describe('billing with the sandbox provider', () => {
  it('adds payment methods (brand, last four, expiry, primary), makes one primary, removes', async () => {
    const s = await t.signUp('payer');
    const bad = await t.req({
      method: 'POST',
      url: '/v2/billing/payment_method',
      token: s,
      payload: { card: { number: '4242424242424241', exp_month: 1, exp_year: 2030 } },
    });
    expect(bad.statusCode).toBe(400);
    const expired = await t.req({
      method: 'POST',
      url: '/v2/billing/payment_method',
      token: s,
      payload: { card: { number: '4242424242424242', exp_month: 1, exp_year: 2026 } },
    });
    expect(expired.statusCode).toBe(400);
    const visa = (
      await t.req({
        method: 'POST',
        url: '/v2/billing/payment_method',
        token: s,
        payload: { card: { number: '4242 4242 4242 4242', exp_month: 4, exp_year: 2029, cvc: '123' } },
      })
    ).json();
    expect(visa).toMatchObject({ brand: 'visa', brand_name: 'Visa', last4: '4242', exp_month: 4, exp_year: 2029, primary: true });
    const paypal = (await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: s, payload: { token: 'tok_paypal' } })).json();
    expect(paypal).toMatchObject({ brand: 'paypal', brand_name: 'PayPal', last4: null, primary: false });
    expect((await t.req({ method: 'PATCH', url: `/v2/billing/payment_method/${paypal.id}`, token: s, payload: { primary: true } })).statusCode).toBe(204);
    const list = (await t.req({ method: 'GET', url: '/v2/billing/payment_methods', token: s })).json();
    expect(list.find((m: { id: string }) => m.id === paypal.id).primary).toBe(true);
    expect(list.find((m: { id: string }) => m.id === visa.id).primary).toBe(false);
    expect((await t.req({ method: 'DELETE', url: `/v2/billing/payment_method/${paypal.id}`, token: s })).statusCode).toBe(204);
    const after = (await t.req({ method: 'GET', url: '/v2/billing/payment_methods', token: s })).json();
    expect(after).toEqual([expect.objectContaining({ id: visa.id, primary: true })]);
    // the full card number never reaches the log
    const log = JSON.stringify(await t.deps.store.readAll());
    expect(log).not.toContain('4242424242424242');
    expect(log).not.toMatch(/"last4"|"brand"/);
  });

  it('subscribes, cancels keeping perks to the end of the cycle, and a failed renewal shows the banner', async () => {
    let s = await t.signUp('subber');
    // sessions last 14 days: sign in again after the clock jumps
    const relog = async () =>
      (await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'subber', password: 'correct horse battery' } })).json().session as string;
    expect(
      (await t.req({ method: 'POST', url: '/v2/billing/subscription', token: s, payload: { product_id: 'modshelf-plus', interval: 'monthly' } })).statusCode,
    ).toBe(400); // no method
    await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: s, payload: { token: 'tok_visa' } });
    const sub = (
      await t.req({ method: 'POST', url: '/v2/billing/subscription', token: s, payload: { product_id: 'modshelf-plus', interval: 'monthly' } })
    ).json();
    expect(sub).toMatchObject({ status: 'active', period_end: '2026-04-30T12:00:00.000Z', perks: true, renewal_failed: false, amount: 499, currency: 'USD' });
    expect(
      (await t.req({ method: 'POST', url: '/v2/billing/subscription', token: s, payload: { product_id: 'modshelf-plus', interval: 'yearly' } })).statusCode,
    ).toBe(400);

    // renewal with a declining card: banner
    const declining = (await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: s, payload: { token: 'tok_chargeDeclined' } })).json();
    await t.req({ method: 'PATCH', url: `/v2/billing/payment_method/${declining.id}`, token: s, payload: { primary: true } });
    clock = new Date('2026-05-01T00:00:00.000Z');
    expect(await processBillingCycle(bdeps())).toEqual({ renewed: 0, failed: 1, ended: 0 });
    s = await relog();
    let subs = (await t.req({ method: 'GET', url: '/v2/billing/subscriptions', token: s })).json();
    expect(subs[0]).toMatchObject({ status: 'past_due', renewal_failed: true, perks: true });
    expect((await t.req({ method: 'POST', url: `/v2/billing/subscription/${sub.id}/retry`, token: s })).statusCode).toBe(424);

    // fix the method and retry: renewed, banner gone; the new period follows the old one
    const visa2 = (await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: s, payload: { token: 'tok_mastercard' } })).json();
    await t.req({ method: 'PATCH', url: `/v2/billing/payment_method/${visa2.id}`, token: s, payload: { primary: true } });
    const retried = await t.req({ method: 'POST', url: `/v2/billing/subscription/${sub.id}/retry`, token: s });
    expect(retried.json()).toMatchObject({ status: 'active', renewal_failed: false, period_end: '2026-05-30T12:00:00.000Z' });

    // cancel: perks last to the end of the cycle, then it ends
    s = await relog();
    expect((await t.req({ method: 'DELETE', url: `/v2/billing/subscription/${sub.id}`, token: s })).statusCode).toBe(204);
    subs = (await t.req({ method: 'GET', url: '/v2/billing/subscriptions', token: s })).json();
    expect(subs[0]).toMatchObject({ status: 'cancelled', perks_until: '2026-05-30T12:00:00.000Z', perks: true });
    clock = new Date('2026-05-30T12:00:01.000Z');
    expect(await processBillingCycle(bdeps())).toEqual({ renewed: 0, failed: 0, ended: 1 });
    s = await relog();
    subs = (await t.req({ method: 'GET', url: '/v2/billing/subscriptions', token: s })).json();
    expect(subs[0]).toMatchObject({ status: 'ended', perks: false });

    const charges = (await t.req({ method: 'GET', url: '/v2/billing/charges', token: s })).json();
    expect(charges.map((c: { status: string }) => c.status)).toEqual(['succeeded', 'failed', 'failed', 'succeeded']);
    expect(charges[0].payment_method).toMatchObject({ brand: 'mastercard' });
  });

  it('refuses to remove the only method of an active subscription; a declined first charge starts nothing (424)', async () => {
    const s = await t.signUp('keeper');
    const m = (await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: s, payload: { token: 'tok_visa' } })).json();
    await t.req({ method: 'POST', url: '/v2/billing/subscription', token: s, payload: { product_id: 'modshelf-plus', interval: 'yearly' } });
    expect((await t.req({ method: 'DELETE', url: `/v2/billing/payment_method/${m.id}`, token: s })).statusCode).toBe(400);

    const d = await t.signUp('decliner');
    await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: d, payload: { token: 'tok_chargeDeclined' } });
    const r = await t.req({ method: 'POST', url: '/v2/billing/subscription', token: d, payload: { product_id: 'modshelf-plus', interval: 'monthly' } });
    expect(r.statusCode).toBe(424);
    expect(r.json().error).toBe('payments_error');
    expect((await t.req({ method: 'GET', url: '/v2/billing/subscriptions', token: d })).json()).toEqual([]);
    expect((await t.req({ method: 'GET', url: '/v2/billing/charges', token: d })).json()[0]).toMatchObject({
      status: 'failed',
      reason: 'Your card was declined.',
    });
  });

  it('charges once when two subscribe requests race', async () => {
    const s = await t.signUp('racer');
    await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: s, payload: { token: 'tok_visa' } });
    const rs = await Promise.all(
      [1, 2, 3].map(() => t.req({ method: 'POST', url: '/v2/billing/subscription', token: s, payload: { product_id: 'modshelf-plus', interval: 'monthly' } })),
    );
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const charges = (await t.req({ method: 'GET', url: '/v2/billing/charges', token: s })).json();
    expect(charges).toHaveLength(1);
  });

  it("lets admins see a user's billing; deleting the account forgets payment details", async () => {
    const s = await t.signUp('billed');
    await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: s, payload: { token: 'tok_amex' } });
    await t.req({ method: 'POST', url: '/v2/billing/subscription', token: s, payload: { product_id: 'modshelf-plus', interval: 'monthly' } });
    const other = await t.signUp('nosy');
    expect((await t.req({ method: 'GET', url: '/v2/billing/user/billed', token: other })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/v2/billing/user/ghost', token: other })).json()).toEqual({ error: 'not_found', description: 'User not found' });
    const account = await t.deps.credentials.findByUsername('billed');
    expect(openAppVault().list(account!.userId)).toHaveLength(1);
    expect((await t.req({ method: 'DELETE', url: '/v2/user/billed', token: s })).statusCode).toBe(204);
    expect(openAppVault().list(account!.userId)).toEqual([]);
    const events = await t.deps.store.readStream(billingStream(account!.userId));
    expect(events.at(-1)!.type).toBe('SubscriptionCancelled');
  });
});

describe('billing decider and sandbox', () => {
  const rec = (events: RecordedEvent[], c: BillingCommand) => {
    const decided = billingDecider.decide(c, fold(billingDecider, events));
    return [
      ...events,
      ...decided.map((d, i) => ({
        ...d,
        schemaVersion: 1,
        streamId: 'b',
        revision: events.length + i,
        position: events.length + i + 1,
        metadata: {} as never,
      })),
    ];
  };
  it('given a subscription, when cancelled twice, the second fails; resume only while perks last', () => {
    let ev: RecordedEvent[] = [];
    ev = rec(ev, { type: 'AddMethod', method_id: 'MMMMMMMM', created: '2026-01-01T00:00:00.000Z' });
    ev = rec(ev, {
      type: 'Subscribe',
      subscription_id: 'SSSSSSSS',
      product_id: 'p',
      interval: 'monthly',
      amount: 1,
      currency: 'USD',
      now: '2026-01-31T00:00:00.000Z',
      description: 'd',
      charge: { charge_id: 'CCCCCCCC', method_id: 'MMMMMMMM', ok: true },
    });
    const s = fold(billingDecider, ev);
    expect(s.subscriptions.SSSSSSSS.period_end).toBe('2026-02-28T00:00:00.000Z');
    ev = rec(ev, { type: 'Cancel', subscription_id: 'SSSSSSSS', now: '2026-02-01T00:00:00.000Z' });
    expect(() => rec(ev, { type: 'Cancel', subscription_id: 'SSSSSSSS', now: '2026-02-02T00:00:00.000Z' })).toThrow(/already cancelled/);
    expect(() => rec(ev, { type: 'Resume', subscription_id: 'SSSSSSSS', now: '2026-03-01T00:00:00.000Z' })).toThrow();
    const resumed = fold(billingDecider, rec(ev, { type: 'Resume', subscription_id: 'SSSSSSSS', now: '2026-02-10T00:00:00.000Z' }));
    expect(resumed.subscriptions.SSSSSSSS.status).toBe('active');
    expect(hasPerks(fold(billingDecider, ev).subscriptions.SSSSSSSS, '2026-02-27T00:00:00.000Z')).toBe(true);
    expect(hasPerks(fold(billingDecider, ev).subscriptions.SSSSSSSS, '2026-02-28T00:00:01.000Z')).toBe(false);
  });
  it('adds months without overflowing short months', () => {
    expect(addInterval('2026-01-31T00:00:00.000Z', 'monthly')).toBe('2026-02-28T00:00:00.000Z');
    expect(addInterval('2028-02-29T00:00:00.000Z', 'yearly')).toBe('2029-03-01T00:00:00.000Z');
  });
  it('knows the spec brands from card numbers', () => {
    expect(luhnOk('4242424242424242')).toBe(true);
    expect(brandOfCard('5555555555554444')).toBe('mastercard');
    expect(brandOfCard('378282246310005')).toBe('amex');
    expect(brandOfCard('6011111111111117')).toBe('discover');
    expect(brandOfCard('3056930009020004')).toBe('diners');
    expect(brandOfCard('3566002020360505')).toBe('jcb');
    expect(brandOfCard('6200000000000005')).toBe('unionpay');
    expect(brandOfCard('9999999999999995')).toBe('unknown');
  });
});
