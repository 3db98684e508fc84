import { PaymentFailed, Unauthorized } from '@modshelf/contract';
import { addMethodBody, editMethodBody, editSubBody, subscribeBody, idParam } from '@modshelf/contract/v2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingStream, isId, newId, upcast } from '@modshelf/events';
import { invalidInput, notFound, requireSession } from '@modshelf/service-kit';
import { execute, newCommandContext } from '../../kernel/execute';
import { fold } from '../../kernel/decider';
import { leasesFor } from '../../kernel/leases';
import { locksFor } from '../../kernel/store-lock';
import { nowIso, type AccountDeps } from '../support';
import { billingDecider, checkCanSubscribe, hasPerks, type BillingCommand, type BillingState, type ChargeResult, type Interval } from './decider';
import { CARD_BRANDS, PaymentInputError, type PaymentProvider } from './provider';
import type { BillingVault } from './vault';

/**
 * Charging happens outside the log, so money moves are serialized per user across
 * every replica by a lock held in the store (a lease): two concurrent
 * subscribe/retry/renew runs, in one process or two, never both charge for the
 * same thing (the decider re-checks under the lock).
 */
export function withBillingLock<T>(deps: AccountDeps, userId: string, fn: () => Promise<T>): Promise<T> {
  return locksFor(deps.leases ?? leasesFor(deps.store, deps.dataDir)).run(`billing:${userId}`, fn);
}

/** What can be bought (the embedded profile's catalogue of plans). Amounts in the currency's minor unit. */
export const PRODUCTS = [
  {
    id: 'modshelf-plus',
    name: 'Modshelf+',
    description: 'Support the site: no ads, a profile badge and bigger uploads.',
    prices: { monthly: { amount: 499, currency: 'USD' }, yearly: { amount: 4799, currency: 'USD' } },
  },
] as const;

export interface BillingDeps extends AccountDeps {
  payments: PaymentProvider;
  billingVault: BillingVault;
}

export async function loadBilling(deps: AccountDeps, userId: string): Promise<BillingState> {
  return fold(billingDecider, (await deps.store.readStream(billingStream(userId))).map(upcast));
}

function runBilling(deps: AccountDeps, userId: string, cmd: BillingCommand, actor: string | null, request?: FastifyRequest) {
  const ctx = newCommandContext(actor, typeof request?.headers['x-correlation-id'] === 'string' ? request.headers['x-correlation-id'] : undefined);
  if (deps.now) ctx.time = deps.now().toISOString();
  return execute(deps.store, billingStream(userId), billingDecider, cmd, ctx);
}

async function chargePrimary(deps: BillingDeps, s: BillingState, amount: number, currency: string, description: string): Promise<ChargeResult> {
  const charge_id = newId();
  const details = s.primary ? deps.billingVault.get(s.primary) : null;
  if (!details) return { charge_id, method_id: s.primary, ok: false, reason: 'No payment method' };
  const r = await deps.payments.charge(details.providerRef, amount, currency, description);
  return r.ok ? { charge_id, method_id: details.methodId, ok: true } : { charge_id, method_id: details.methodId, ok: false, reason: r.reason };
}

function views(deps: BillingDeps, userId: string, s: BillingState) {
  const now = nowIso(deps);
  const details = new Map(deps.billingVault.list(userId).map((d) => [d.methodId, d]));
  const methodView = (id: string) => {
    const d = details.get(id);
    return {
      id,
      brand: d?.brand ?? 'unknown',
      brand_name: CARD_BRANDS[d?.brand ?? 'unknown'],
      last4: d?.last4 ?? null,
      exp_month: d?.expMonth ?? null,
      exp_year: d?.expYear ?? null,
      primary: s.primary === id,
    };
  };
  return {
    payment_methods: s.methods.map(methodView),
    subscriptions: Object.values(s.subscriptions)
      .map((x) => ({ ...x, product_name: PRODUCTS.find((p) => p.id === x.product_id)?.name ?? x.product_id, perks: hasPerks(x, now) }))
      .sort((a, b) => b.created.localeCompare(a.created)),
    charges: [...s.charges].reverse().map((c) => ({ ...c, payment_method: c.method_id && details.has(c.method_id) ? methodView(c.method_id) : null })),
  };
}

function priceOf(productId: string, interval: Interval) {
  const p = PRODUCTS.find((x) => x.id === productId);
  if (!p) throw invalidInput(`product_id: unknown product ${productId}`);
  return { product: p, price: p.prices[interval] };
}

function paymentsError(reason: string) {
  return new PaymentFailed(reason);
}

/**
 * One pass of the billing cycle: renews subscriptions whose period ended
 * (charging the primary method; a failure sets the banner flag), and ends
 * cancelled or unpaid ones whose perks ran out. Idempotent; run it periodically.
 */
export async function processBillingCycle(deps: BillingDeps): Promise<{ renewed: number; failed: number; ended: number }> {
  const out = { renewed: 0, failed: 0, ended: 0 };
  const now = nowIso(deps);
  for (const userId of deps.billingVault.users()) {
    await withBillingLock(deps, userId, async () => {
      const s = await loadBilling(deps, userId);
      for (const x of Object.values(s.subscriptions)) {
        if (x.status === 'active' && x.period_end <= now) {
          const charge = await chargePrimary(deps, s, x.amount, x.currency, `Renewal of ${x.product_id} (${x.interval})`);
          await runBilling(
            deps,
            userId,
            { type: 'Renew', subscription_id: x.id, now, charge, description: `Renewal of ${x.product_id} (${x.interval})` },
            null,
          );
          if (charge.ok) out.renewed++;
          else out.failed++;
        } else if ((x.status === 'cancelled' || x.status === 'past_due') && !hasPerks(x, now)) {
          const r = await runBilling(deps, userId, { type: 'End', subscription_id: x.id, now }, null);
          if (r.events.length) out.ended++;
        }
      }
    });
  }
  return out;
}

export function registerBillingRoutes(app: FastifyInstance, deps: BillingDeps): void {
  app.get('/v2/billing/products', async () => PRODUCTS);

  app.get('/v2/billing/payment_methods', async (request) => {
    const actor = requireSession(request);
    return views(deps, actor.userId, await loadBilling(deps, actor.userId)).payment_methods;
  });

  app.post('/v2/billing/payment_method', async (request) => {
    const actor = requireSession(request);
    const body = addMethodBody.parse(request.body ?? {});
    let attached;
    try {
      attached = await deps.payments.attach(actor.userId, body, new Date(nowIso(deps)));
    } catch (err) {
      if (err instanceof PaymentInputError) throw invalidInput(err.message);
      throw paymentsError('The payment provider could not add this method');
    }
    const methodId = newId();
    deps.billingVault.put({
      methodId,
      userId: actor.userId,
      providerRef: attached.ref,
      brand: attached.brand,
      last4: attached.last4,
      expMonth: attached.exp_month,
      expYear: attached.exp_year,
    });
    try {
      const r = await runBilling(deps, actor.userId, { type: 'AddMethod', method_id: methodId, created: nowIso(deps) }, actor.userId, request);
      return views(deps, actor.userId, r.state).payment_methods.find((m) => m.id === methodId);
    } catch (err) {
      deps.billingVault.remove(methodId);
      throw err;
    }
  });

  app.patch('/v2/billing/payment_method/:id', async (request, reply) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    editMethodBody.parse(request.body ?? {});
    await runBilling(deps, actor.userId, { type: 'MakePrimary', method_id: id }, actor.userId, request);
    return reply.status(204).send();
  });

  app.delete('/v2/billing/payment_method/:id', async (request, reply) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    await runBilling(deps, actor.userId, { type: 'RemoveMethod', method_id: id }, actor.userId, request);
    const d = deps.billingVault.get(id);
    if (d) {
      await deps.payments.detach(d.providerRef).catch(() => undefined);
      deps.billingVault.remove(id);
    }
    return reply.status(204).send();
  });

  app.get('/v2/billing/subscriptions', async (request) => {
    const actor = requireSession(request);
    return views(deps, actor.userId, await loadBilling(deps, actor.userId)).subscriptions;
  });

  app.post('/v2/billing/subscription', async (request) => {
    const actor = requireSession(request);
    const body = subscribeBody.parse(request.body ?? {});
    const { product, price } = priceOf(body.product_id, body.interval);
    return withBillingLock(deps, actor.userId, async () => {
      const s = await loadBilling(deps, actor.userId);
      checkCanSubscribe(s, product.id);
      const description = `${product.name} (${body.interval})`;
      const charge = await chargePrimary(deps, s, price.amount, price.currency, description);
      const subscriptionId = newId();
      const r = await runBilling(
        deps,
        actor.userId,
        {
          type: 'Subscribe',
          subscription_id: subscriptionId,
          product_id: product.id,
          interval: body.interval,
          amount: price.amount,
          currency: price.currency,
          now: nowIso(deps),
          charge,
          description,
        },
        actor.userId,
        request,
      );
      if (!charge.ok) throw paymentsError(`The payment failed: ${charge.reason ?? 'declined'}`);
      return views(deps, actor.userId, r.state).subscriptions.find((x) => x.id === subscriptionId);
    });
  });

  // cancel: perks last to the end of the billing cycle
  app.delete('/v2/billing/subscription/:id', async (request, reply) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    await runBilling(deps, actor.userId, { type: 'Cancel', subscription_id: id, now: nowIso(deps) }, actor.userId, request);
    return reply.status(204).send();
  });

  app.patch('/v2/billing/subscription/:id', async (request, reply) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    const { cancelled } = editSubBody.parse(request.body ?? {});
    const cmd: BillingCommand = cancelled
      ? { type: 'Cancel', subscription_id: id, now: nowIso(deps) }
      : { type: 'Resume', subscription_id: id, now: nowIso(deps) };
    await runBilling(deps, actor.userId, cmd, actor.userId, request);
    return reply.status(204).send();
  });

  // after a failed renewal (the banner): charge the primary method again
  app.post('/v2/billing/subscription/:id/retry', async (request) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    return withBillingLock(deps, actor.userId, async () => {
      const s = await loadBilling(deps, actor.userId);
      const x = s.subscriptions[id];
      if (!x) throw notFound('subscription not found');
      if (x.status !== 'past_due') throw invalidInput('This subscription has no failed renewal');
      const description = `Renewal of ${x.product_id} (${x.interval})`;
      const charge = await chargePrimary(deps, s, x.amount, x.currency, description);
      const r = await runBilling(deps, actor.userId, { type: 'Renew', subscription_id: id, now: nowIso(deps), charge, description }, actor.userId, request);
      if (!charge.ok) throw paymentsError(`The payment failed: ${charge.reason ?? 'declined'}`);
      return views(deps, actor.userId, r.state).subscriptions.find((v) => v.id === id);
    });
  });

  app.get('/v2/billing/charges', async (request) => {
    const actor = requireSession(request);
    return views(deps, actor.userId, await loadBilling(deps, actor.userId)).charges;
  });

  // admin billing for a user (/admin/billing/{id}); a user may see their own
  app.get('/v2/billing/user/:id', async (request) => {
    const actor = requireSession(request);
    const { id } = request.params as { id: string };
    const account = (isId(id) ? await deps.credentials.getAccount(id) : null) ?? (await deps.credentials.findByUsername(id));
    if (!account) throw notFound('User not found');
    if (account.userId !== actor.userId && actor.role !== 'admin') throw new Unauthorized('Only admins may see the billing of other users');
    return { user_id: account.userId, username: account.username, ...views(deps, account.userId, await loadBilling(deps, account.userId)) };
  });
}

/** Deleting an account: active subscriptions are cancelled and payment details forgotten. */
export async function forgetBilling(deps: BillingDeps, userId: string): Promise<void> {
  const s = await loadBilling(deps, userId);
  for (const x of Object.values(s.subscriptions)) {
    if (x.status === 'active' || x.status === 'past_due') await runBilling(deps, userId, { type: 'Cancel', subscription_id: x.id, now: nowIso(deps) }, userId);
  }
  for (const d of deps.billingVault.forgetUser(userId)) await deps.payments.detach(d.providerRef).catch(() => undefined);
}
