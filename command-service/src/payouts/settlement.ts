import type { CommandResult } from '../kernel/execute';
import type { Payout, PayoutCommand, PayoutState } from './decider';
import type { PayoutProvider } from './provider';
import type { PayoutVault } from './vault';

/** How long a withdrawal may stay requested but unsubmitted before the settlement resolves it (PAYOUT_SUBMIT_TIMEOUT_MS). */
export const DEFAULT_SUBMIT_TIMEOUT_MS = 10 * 60_000;
export const NEVER_SUBMITTED = 'The withdrawal never reached the payout provider; the money is back in your balance';

export interface SettlementDeps {
  vault: PayoutVault;
  provider: PayoutProvider;
  now: () => Date;
  submitTimeoutMs: number;
  load(userId: string): Promise<PayoutState>;
  /** runs a payout command as the system (no actor) */
  run(userId: string, command: PayoutCommand): Promise<CommandResult<PayoutState>>;
  /** the per-user lock the withdrawal holds from its reservation to its submission */
  withUserLock<T>(userId: string, fn: () => Promise<T>): Promise<T>;
  log?: (message: string, err: unknown) => void;
}

export type Settled = 'success' | 'failed' | null;

/**
 * Settles withdrawals in transit: asks the provider how a submitted transfer went, and resolves one whose
 * submission was never recorded (its process died between the reservation and the provider's answer)
 * once it is older than the timeout: by its payout id the provider either has the transfer (its
 * submission is recorded, then it settles as any other) or has none and closes the id, and the
 * withdrawal fails, returning the money. Each runs under the user's lock, so never beside a live withdrawal.
 */
export function payoutSettlement(deps: SettlementDeps) {
  const { vault, provider, now } = deps;

  /**
   * Resolves a payout whose submission was never recorded, by its payout id: when the provider has the
   * transfer, records its submission and answers its platform id; null when it has none (the provider
   * then refuses that id for good, so nothing sent later under it can be paid).
   */
  async function resolveSubmission(userId: string, p: Payout): Promise<string | null> {
    const found = await provider.resolve(p.id);
    if (!found) return null;
    await deps.run(userId, { type: 'Submit', payout_id: p.id, platform_id: found.platform_id });
    return found.platform_id;
  }

  /** One payout (call under the user's lock); `state`: the user's account as just loaded, when the caller has it. */
  async function settleOne(userId: string, payoutId: string, state?: PayoutState): Promise<Settled> {
    const p = (state ?? (await deps.load(userId))).payouts[payoutId];
    if (!p || p.status !== 'in-transit') {
      vault.markClosed(payoutId);
      return null;
    }
    let platformId = p.platform_id;
    if (!platformId) {
      if (now().getTime() - Date.parse(p.created) < deps.submitTimeoutMs) return null;
      platformId = await resolveSubmission(userId, p);
      if (!platformId) {
        await deps.run(userId, { type: 'Settle', payout_id: p.id, outcome: 'failed', reason: NEVER_SUBMITTED, now: now().toISOString() });
        vault.markClosed(p.id);
        return 'failed';
      }
    }
    const st = await provider.status(platformId, now());
    if (st.status === 'in-transit') return null;
    await deps.run(userId, {
      type: 'Settle',
      payout_id: payoutId,
      outcome: st.status,
      reason: st.status === 'failed' ? st.reason : undefined,
      now: now().toISOString(),
    });
    vault.markClosed(payoutId);
    return st.status;
  }

  /**
   * One pass over the open payouts, a user at a time under their lock: the account is loaded once for all
   * of the user's open payouts, and again only after one of them changed it (a user with hundreds of
   * withdrawals in transit would otherwise fold their whole stream once per payout). A user whose lock is
   * busy is left for the next pass.
   */
  async function settle(): Promise<{ succeeded: number; failed: number }> {
    const out = { succeeded: 0, failed: 0 };
    const byUser = new Map<string, string[]>();
    for (const o of vault.openPayouts()) {
      const ids = byUser.get(o.user_id);
      if (ids) ids.push(o.payout_id);
      else byUser.set(o.user_id, [o.payout_id]);
    }
    for (const [userId, payoutIds] of byUser) {
      try {
        await deps.withUserLock(userId, async () => {
          let state = await deps.load(userId);
          for (const payoutId of payoutIds) {
            try {
              const r = await settleOne(userId, payoutId, state);
              if (r === 'success') out.succeeded++;
              if (r === 'failed') out.failed++;
              if (r) state = await deps.load(userId);
            } catch (err) {
              deps.log?.(`payout ${payoutId} not settled this pass`, err);
              state = await deps.load(userId);
            }
          }
        });
      } catch (err) {
        deps.log?.(`payouts of ${userId} not settled this pass`, err);
      }
    }
    return out;
  }

  return { settle, settleOne, resolveSubmission };
}
