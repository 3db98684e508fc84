import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PayoutWithdrawalSubmitted, payoutsStream } from '@modshelf/events';
import { accountsApp, type AccountsApp } from '../accounts/test-app';
import { execute, newCommandContext } from '../kernel/execute';
import { balanceOf, payoutDecider } from './decider';
import { registerPayoutRoutes, type Payouts } from './payouts.routes';
import { SandboxPayoutProvider, type PayoutProvider } from './provider';

const MINUTE = 60_000;
let dir: string;
let site: AccountsApp<Payouts | undefined>;
let sandbox: SandboxPayoutProvider;
let clock: Date;
/** where the provider call breaks off (a network error, a crash of the call): before or after the provider took it */
let breaks: 'before' | 'after' = 'before';

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'settlement-'));
  clock = new Date();
  sandbox = new SandboxPayoutProvider(MINUTE);
  const provider: PayoutProvider = {
    name: 'sandbox',
    async send(input, now) {
      if (breaks === 'after') await sandbox.send(input, now);
      throw new Error('connection reset by the payout provider');
    },
    status: (id, now) => sandbox.status(id, now),
    cancel: (id, now) => sandbox.cancel(id, now),
    resolve: (id) => sandbox.resolve(id),
  };
  site = await accountsApp(
    dir,
    {},
    {
      register: (app, { store, credentials }) =>
        registerPayoutRoutes(app, { store, credentials, dataDir: dir, provider, accrue: false, now: () => clock, env: { PAYOUT_POLL_MS: '0' } }),
    },
  );
});
afterEach(async () => {
  await site.stop();
  sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function brokenWithdrawal(): Promise<{ userId: string; session: string; payoutId: string }> {
  const created = await site.app.inject({
    method: 'POST',
    url: '/v2/auth/create',
    payload: { username: 'payee', password: 'correct horse battery', email: 'payee@example.org' },
  });
  const session = created.json().session as string;
  const userId = (await site.credentials.findByUsername('payee'))!.userId;
  await site.credentials.setEmailVerified(userId, true);
  const past = new Date(clock.getTime() - 1000).toISOString();
  await execute(
    site.store,
    payoutsStream(userId),
    payoutDecider,
    { type: 'Credit', project_id: 'ProjPaid', downloads: 1, amount: 50_000_000, source_position: 1, now: past, available_at: past },
    newCommandContext(null),
  );
  const r = await site.app.inject({
    method: 'POST',
    url: '/v2/payout',
    headers: { authorization: session },
    payload: { amount: 10, method: 'paypal', method_id: 'paypal_us', recipient: 'payee@example.org' },
  });
  expect(r.statusCode).toBe(500);
  const s = await site.registered!.load(userId);
  const [p] = Object.values(s.payouts);
  expect(p).toMatchObject({ status: 'in-transit', platform_id: null });
  return { userId, session, payoutId: p!.id };
}

const cancel = (session: string, id: string) => site.app.inject({ method: 'DELETE', url: `/v2/payout/${id}`, headers: { authorization: session } });

describe('withdrawals whose provider call broke off', () => {
  it('the settlement resolves one after the timeout: recorded from the provider when it took it', async () => {
    breaks = 'after';
    const { userId, payoutId } = await brokenWithdrawal();
    expect(await site.registered!.settle()).toEqual({ succeeded: 0, failed: 0 });
    clock = new Date(clock.getTime() + 11 * MINUTE);
    expect(await site.registered!.settle()).toEqual({ succeeded: 1, failed: 0 });
    const s = await site.registered!.load(userId);
    expect(s.payouts[payoutId]).toMatchObject({ status: 'success' });
    expect(balanceOf(s, clock.toISOString()).available).toBe(40_000_000);
  });

  it('a cancel asks the provider first: one it never took is cancelled (a later send under its id is refused)', async () => {
    breaks = 'before';
    const { userId, session, payoutId } = await brokenWithdrawal();
    expect((await cancel(session, payoutId)).statusCode).toBe(204);
    const s = await site.registered!.load(userId);
    expect(s.payouts[payoutId]).toMatchObject({ status: 'cancelled', platform_id: null });
    expect(balanceOf(s, clock.toISOString()).available).toBe(50_000_000);
    expect((await sandbox.send({ payout_id: payoutId, method: 'paypal', method_id: 'paypal_us', recipient: 'payee@example.org', net: 1 }, clock)).ok).toBe(
      false,
    );
  });

  it('a cancel of one the provider took records its submission and stops the transfer there', async () => {
    breaks = 'after';
    const { userId, session, payoutId } = await brokenWithdrawal();
    expect((await cancel(session, payoutId)).statusCode).toBe(204);
    const events = await site.store.readStream(payoutsStream(userId));
    expect(events.filter((e) => PayoutWithdrawalSubmitted.is(e)).map((e) => (e.data as { payout_id: string }).payout_id)).toEqual([payoutId]);
    expect((await site.registered!.load(userId)).payouts[payoutId]).toMatchObject({ status: 'cancelled' });
  });
});
