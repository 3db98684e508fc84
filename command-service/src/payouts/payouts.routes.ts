import { join } from 'node:path';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newId, payoutsStream, type CredentialStore, type EventStore, type LeaseStore } from '@modshelf/events';
import { POSITION_HEADER, invalidInput, notFound, requireScope } from '@modshelf/service-kit';
import { execute, newCommandContext } from '../kernel/execute';
import { loadState } from '../kernel/state-cache';
import { leasesFor } from '../kernel/leases';
import { LeasedJob } from '../kernel/leased-job';
import { locksFor } from '../kernel/store-lock';
import { RevenueAccrual, revenueSettingsFromEnv, type RevenueSettings } from './accrual';
import { balanceOf, payoutDecider, type Payout, type PayoutCommand, type PayoutState } from './decider';
import { PAYOUT_METHODS, amountProblem, decimal, feeFor, findMethod, methodView, toMicros, type PayoutMethodType } from './methods';
import { RecipientsBody, WithdrawalBody, idParam } from '@modshelf/contract/v2';
import { SandboxPayoutProvider, type PayoutProvider } from './provider';
import { DEFAULT_SUBMIT_TIMEOUT_MS, payoutSettlement } from './settlement';
import { PayoutVault } from './vault';
import { registerLegacyPayoutRoutes } from './legacy.routes';
import { installIdempotency } from '../catalogue/idempotency/idempotency.hook';
import type { IdempotencyStore } from '../catalogue/idempotency/idempotency-store';
import { SqliteIdempotencyStore } from '../catalogue/idempotency/sqlite-idempotency-store';
import { commandContext } from '../catalogue/http';

export interface PayoutDeps {
  store: EventStore;
  credentials: CredentialStore;
  dataDir: string;
  /** environment: REVENUE_PER_DOWNLOAD_USD, REVENUE_HOLD_DAYS, PAYOUT_SETTLE_MS, PAYOUT_POLL_MS, PAYOUT_SUBMIT_TIMEOUT_MS, PAYOUT_REQUIRE_VERIFIED_EMAIL */
  env?: Record<string, string | undefined>;
  provider?: PayoutProvider;
  vault?: PayoutVault;
  revenue?: RevenueSettings;
  now?: () => Date;
  /** where Idempotency-Key answers are kept (default: DATA_DIR/idempotency.db) */
  idempotency?: IdempotencyStore;
  /** run the revenue process manager (default true) */
  accrue?: boolean;
  /** leases shared by the replicas (revenue accrual, settlement, per-user locks); default: beside the event store */
  leases?: LeaseStore;
  /** this replica's id in leases (default host:pid:random) */
  holder?: string;
}

export interface Payouts {
  vault: PayoutVault;
  accrual: RevenueAccrual | null;
  /** one pass over transfers in transit: asks the provider and records success or failure */
  settle(): Promise<{ succeeded: number; failed: number }>;
  load(userId: string): Promise<PayoutState>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HANDLE = /^@?[A-Za-z0-9_-]{2,30}$/;
function recipientProblem(method: PayoutMethodType, r: string): string | null {
  if (method === 'venmo') return HANDLE.test(r) ? null : 'recipient: a Venmo handle such as @name';
  return EMAIL.test(r) ? null : `recipient: an e-mail address for ${method === 'paypal' ? 'PayPal' : 'the gift card'}`;
}

/** a@example.org -> a***@example.org; @handle -> @ha*** */
export function maskRecipient(r: string): string {
  const at = r.indexOf('@');
  if (at > 0) return `${r.slice(0, Math.min(2, at))}***${r.slice(at)}`;
  return `${r.slice(0, 3)}***`;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw invalidInput(r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return r.data;
}

export function payoutView(userId: string, p: Payout, recipient: string | undefined) {
  return {
    id: p.id,
    user_id: userId,
    status: p.status,
    created: p.created,
    amount: decimal(p.amount),
    fee: decimal(p.fee),
    method: p.method,
    method_address: recipient ? maskRecipient(recipient) : null,
    platform_id: p.platform_id,
  };
}

/**
 * /v2/payout (Modrinth's v3 payouts under /v2): balance, history, methods, fees,
 * withdraw, cancel; plus the revenue process manager and the settlement poller.
 * Reads fold the user's payouts stream (the aggregate is small), so answers are
 * always current.
 */
export function registerPayoutRoutes(app: FastifyInstance, deps: PayoutDeps): Payouts {
  const env = deps.env ?? process.env;
  const now = deps.now ?? (() => new Date());
  const ownVault = !deps.vault;
  const vault = deps.vault ?? new PayoutVault(join(deps.dataDir, 'payouts.db'));
  const settleMs = env.PAYOUT_SETTLE_MS ? Number(env.PAYOUT_SETTLE_MS) : 60_000;
  const ownProvider = !deps.provider;
  const provider = deps.provider ?? new SandboxPayoutProvider(settleMs, join(deps.dataDir, 'payout-sandbox.db'));
  const requireVerified = env.PAYOUT_REQUIRE_VERIFIED_EMAIL !== 'false';
  const revenue = deps.revenue ?? revenueSettingsFromEnv(env);
  const leases = deps.leases ?? leasesFor(deps.store, deps.dataDir);
  const locks = locksFor(leases);
  const withUserLock = <T>(userId: string, fn: () => Promise<T>) => locks.run(`payout:${userId}`, fn);
  const accrual =
    deps.accrue === false
      ? null
      : new RevenueAccrual(deps.store, leases, vault, revenue, {
          holder: deps.holder,
          log: (message, err) => (err ? app.log.error({ err }, message) : app.log.info(message)),
        });

  // the account as last folded by this process, plus the events appended since (a user's stream grows with
  // every credit and withdrawal; the settlement loads it every PAYOUT_POLL_MS)
  const load = async (userId: string) => (await loadState(deps.store, payoutsStream(userId), payoutDecider)).state;
  const run = (userId: string, cmd: PayoutCommand, actor: string | null, request?: FastifyRequest) => {
    const ctx = request && actor ? commandContext(request, actor) : newCommandContext(actor);
    ctx.time = now().toISOString();
    return execute(deps.store, payoutsStream(userId), payoutDecider, cmd, ctx);
  };
  const done = (reply: FastifyReply, position: number) => reply.header(POSITION_HEADER, String(position)).status(204).send();

  const settlement = payoutSettlement({
    vault,
    provider,
    now,
    submitTimeoutMs: env.PAYOUT_SUBMIT_TIMEOUT_MS ? Number(env.PAYOUT_SUBMIT_TIMEOUT_MS) : DEFAULT_SUBMIT_TIMEOUT_MS,
    load,
    run: (userId, cmd) => run(userId, cmd, null),
    withUserLock,
    log: (message, err) => app.log.warn({ err }, message),
  });
  const { settle, settleOne } = settlement;

  // Idempotency-Key on these write routes as on the catalogue's: a client retrying a withdrawal whose
  // answer it lost gets the first answer back instead of making a second withdrawal
  const ownIdempotency = !deps.idempotency;
  const idempotency = deps.idempotency ?? new SqliteIdempotencyStore(join(deps.dataDir, 'idempotency.db'));
  app.register(async (scope) => {
    installIdempotency(scope, idempotency, now, deps.store);
    scope.get('/v2/payout/balance', async (request) => {
      const actor = requireScope(request, 'PAYOUTS_READ');
      const b = balanceOf(await load(actor.userId), now().toISOString());
      return {
        available: decimal(b.available),
        withdrawn_lifetime: decimal(b.withdrawn_lifetime),
        withdrawn_ytd: decimal(b.withdrawn_ytd),
        pending: decimal(b.pending),
        dates: Object.fromEntries(Object.entries(b.dates).map(([k, v]) => [k, decimal(v)])),
      };
    });

    scope.get('/v2/payout/history', async (request) => {
      const actor = requireScope(request, 'PAYOUTS_READ');
      const s = await load(actor.userId);
      const recipients = vault.payoutRecipients(actor.userId);
      return Object.values(s.payouts)
        .sort((a, b) => b.created.localeCompare(a.created) || b.id.localeCompare(a.id))
        .map((p) => payoutView(actor.userId, p, recipients.get(p.id)));
    });

    scope.get('/v2/payout/methods', async (request) => {
      const country =
        typeof (request.query as Record<string, unknown>)?.country === 'string'
          ? String((request.query as Record<string, unknown>).country).toUpperCase()
          : null;
      return PAYOUT_METHODS.filter((m) => !country || m.supported_countries.includes('*') || m.supported_countries.includes(country)).map(methodView);
    });

    const withdrawalOf = (body: unknown) => {
      const b = parse(WithdrawalBody, body);
      const amount = toMicros(b.amount);
      if (amount === null) throw invalidInput('amount: a number of dollars');
      const rule = findMethod(b.method, b.method_id);
      if (!rule) throw invalidInput(`method_id: ${b.method_id} is not a ${b.method} payout method`);
      return { ...b, amount, rule };
    };

    scope.post('/v2/payout/fees', async (request) => {
      const w = withdrawalOf(request.body);
      const problem = amountProblem(w.rule, w.amount);
      if (problem) throw invalidInput(problem);
      const fee = feeFor(w.rule, w.amount);
      return { fee: decimal(fee), net_usd: decimal(w.amount - fee), exchange_rate: null };
    });

    /** A withdrawal by `userId` (validated body); answers the log position of the submission. */
    async function withdraw(userId: string, w: ReturnType<typeof withdrawalOf>, request: FastifyRequest): Promise<number> {
      const account = await deps.credentials.getAccount(userId);
      if (requireVerified && !account?.emailVerified) throw invalidInput('You must verify your email address before you can withdraw');
      const recipient = (w.recipient ?? vault.recipient(userId, w.method) ?? (w.method !== 'venmo' ? account?.email : null) ?? '').trim();
      if (!recipient) throw invalidInput(`recipient: tell us where to send the money (${w.method === 'venmo' ? 'a Venmo handle' : 'an e-mail address'})`);
      const bad = recipientProblem(w.method, recipient);
      if (bad) throw invalidInput(bad);
      const payoutId = newId();
      // one withdrawal at a time per user across replicas (a lock held in the store: the provider call is
      // outside the log); the money is guarded by the reservation itself, an append with the expected
      // revision: a concurrent one re-decides on the new revision and cannot overdraw
      return withUserLock(userId, async () => {
        // open before the reservation: if this process dies before the provider's answer is recorded, the
        // settlement finds the withdrawal and resolves it by its payout id (settlement.ts)
        vault.markOpen(payoutId, userId);
        const requested = await run(
          userId,
          { type: 'Withdraw', payout_id: payoutId, amount: w.amount, method: w.method, method_id: w.method_id, now: now().toISOString() },
          userId,
          request,
        ).catch((err: unknown) => {
          vault.markClosed(payoutId);
          throw err;
        });
        const p = requested.state.payouts[payoutId];
        vault.putPayoutRecipient(payoutId, userId, recipient);
        vault.setRecipient(userId, w.method, recipient);
        const sent = await provider.send({ payout_id: payoutId, method: w.method, method_id: w.method_id, recipient, net: p.amount - p.fee }, now());
        if (sent.ok) return (await run(userId, { type: 'Submit', payout_id: payoutId, platform_id: sent.platform_id }, userId, request)).position;
        vault.markClosed(payoutId);
        await run(userId, { type: 'Settle', payout_id: payoutId, outcome: 'failed', reason: sent.reason, now: now().toISOString() }, null);
        throw invalidInput(`The payout failed: ${sent.reason}`);
      });
    }

    scope.post('/v2/payout', async (request, reply) => {
      const actor = requireScope(request, 'PAYOUTS_WRITE');
      return done(reply, await withdraw(actor.userId, withdrawalOf(request.body), request));
    });

    // Modrinth's legacy per-user paths over the same aggregate (GET/POST /v2/user/{id}/payouts)
    registerLegacyPayoutRoutes(scope, {
      credentials: deps.credentials,
      vault,
      load,
      now,
      withdraw: (userId, body, request) => withdraw(userId, withdrawalOf(body), request),
      done,
    });

    scope.delete('/v2/payout/:id', async (request, reply) => {
      const actor = requireScope(request, 'PAYOUTS_WRITE');
      const { id } = parse(idParam, request.params);
      const position = await withUserLock(actor.userId, async () => {
        const s = await load(actor.userId);
        const p = s.payouts[id];
        if (!p) throw notFound('The requested payout was not found');
        // a withdrawal whose submission was never recorded may still have reached the provider: ask first
        const platformId = p.status === 'in-transit' ? (p.platform_id ?? (await settlement.resolveSubmission(actor.userId, p))) : null;
        if (platformId && !(await provider.cancel(platformId, now()))) {
          await settleOne(actor.userId, id);
          throw invalidInput('Payout cannot be cancelled!');
        }
        const r = await run(actor.userId, { type: 'Cancel', payout_id: id, now: now().toISOString() }, actor.userId);
        vault.markClosed(id);
        return r.position;
      });
      return done(reply, position);
    });

    scope.get('/v2/payout/recipients', async (request) => {
      const actor = requireScope(request, 'PAYOUTS_READ');
      return vault.recipients(actor.userId);
    });

    scope.patch('/v2/payout/recipients', async (request, reply) => {
      const actor = requireScope(request, 'PAYOUTS_WRITE');
      const b = parse(RecipientsBody, request.body);
      for (const method of ['paypal', 'venmo', 'tremendous'] as const) {
        const v = b[method];
        if (v === undefined) continue;
        if (v === null || v.trim() === '') {
          vault.db.prepare('DELETE FROM recipients WHERE user_id = ? AND method = ?').run(actor.userId, method);
          continue;
        }
        const bad = recipientProblem(method, v.trim());
        if (bad) throw invalidInput(bad);
        vault.setRecipient(actor.userId, method, v.trim());
      }
      return reply.status(204).send();
    });
  });

  const pollMs = env.PAYOUT_POLL_MS ? Number(env.PAYOUT_POLL_MS) : 5_000;
  // one replica polls the provider at a time
  const settlementJob = new LeasedJob({
    name: 'payout-settlement',
    leases,
    everyMs: pollMs,
    run: settle,
    holder: deps.holder,
    log: (m, err) => app.log.error({ err }, m),
  });
  app.addHook('onReady', async () => {
    accrual?.start();
    settlementJob.start();
  });
  app.addHook('onClose', async () => {
    await settlementJob.close();
    await accrual?.close();
    if (ownVault) vault.close();
    if (ownProvider) provider.close?.();
    if (ownIdempotency) await idempotency.close();
  });
  return { vault, accrual, settle, load };
}
