import { legacyWithdrawQuery as LegacyWithdrawQuery, keyParam as Params } from '@modshelf/contract/v2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, CredentialStore } from '@modshelf/events';
import { invalidInput, notFound, requireScope } from '@modshelf/service-kit';
import type { PayoutState } from './decider';
import { MICROS, decimal } from './methods';
import type { PayoutVault } from './vault';

const DAY_MS = 86_400_000;

interface LegacyDeps {
  credentials: CredentialStore;
  vault: PayoutVault;
  load(userId: string): Promise<PayoutState>;
  now(): Date;
  withdraw(userId: string, body: unknown, request: FastifyRequest): Promise<number>;
  done(reply: FastifyReply, position: number): FastifyReply;
}

/**
 * Modrinth's legacy per-user payout paths over the same payouts aggregate as /v2/payout:
 * GET /v2/user/{id|username}/payouts (all-time and last-30-days revenue, transfer history) and
 * POST /v2/user/{id|username}/payouts?amount= (a withdrawal to the account's PayPal, or Venmo when
 * only a Venmo handle is saved). Only the user themself (or an admin, for reading) may use them.
 */
export function registerLegacyPayoutRoutes(app: FastifyInstance, deps: LegacyDeps): void {
  /** The user the path names, who must be the caller (admins may read anyone's); otherwise 404, as for hidden items. */
  async function target(actor: Actor, idOrName: string, adminMayRead: boolean): Promise<string> {
    const self = idOrName === actor.userId || idOrName.toLowerCase() === actor.username.toLowerCase();
    if (self) return actor.userId;
    if (adminMayRead && actor.role === 'admin') {
      const account = (await deps.credentials.getAccount(idOrName)) ?? (await deps.credentials.findByUsername(idOrName));
      if (account) return account.userId;
    }
    throw notFound('The requested user was not found');
  }

  app.get('/v2/user/:id/payouts', async (request) => {
    const actor = requireScope(request, 'PAYOUTS_READ');
    const params = Params.safeParse(request.params);
    if (!params.success) throw invalidInput('id: not a user id or username');
    const userId = await target(actor, params.data.id, true);
    const s = await deps.load(userId);
    const monthAgo = new Date(deps.now().getTime() - 30 * DAY_MS).toISOString();
    let allTime = 0;
    let lastMonth = 0;
    for (const c of s.credits) {
      allTime += c.amount;
      if (c.created >= monthAgo) lastMonth += c.amount;
    }
    return {
      all_time: decimal(allTime),
      last_month: decimal(lastMonth),
      payouts: Object.values(s.payouts)
        .sort((a, b) => b.created.localeCompare(a.created) || b.id.localeCompare(a.id))
        .map((p) => ({ created: p.created, amount: p.amount / MICROS, status: p.status })),
    };
  });

  app.post('/v2/user/:id/payouts', async (request, reply) => {
    const actor = requireScope(request, 'PAYOUTS_WRITE');
    const params = Params.safeParse(request.params);
    if (!params.success) throw invalidInput('id: not a user id or username');
    const q = LegacyWithdrawQuery.safeParse(request.query ?? {});
    if (!q.success) throw invalidInput(q.error.issues.map((i) => i.message).join('; '));
    const userId = await target(actor, params.data.id, false);
    const venmoOnly = !deps.vault.recipient(userId, 'paypal') && !!deps.vault.recipient(userId, 'venmo');
    const body = venmoOnly
      ? { amount: q.data.amount, method: 'venmo', method_id: 'venmo' }
      : { amount: q.data.amount, method: 'paypal', method_id: 'paypal_intl' };
    return deps.done(reply, await deps.withdraw(userId, body, request));
  });
}
