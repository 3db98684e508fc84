import { z } from 'zod';
import { PAYOUT_METHOD_TYPES } from '@modshelf/contract/v2/payout';
import { defineEvent } from '../registry';
import { id, isoTime } from './fields';

/**
 * Creator revenue and withdrawals. Stream: payouts-<user_id>. Money is integer
 * micro-dollars (1 USD = 1_000_000). Recipient details (PayPal e-mail, Venmo
 * handle) are personal data and live in the payouts vault (DATA_DIR/payouts.db),
 * never in the log.
 */
export const payoutsStream = (userId: string) => `payouts-${userId}`;
export { PAYOUT_METHOD_TYPES };
const micros = z.number().int().nonnegative();

/** Revenue from counted downloads of a monetized project (one DownloadsCounted event, this user's share). */
export const PayoutCredited = defineEvent(
  'PayoutCredited',
  1,
  z.object({
    project_id: id,
    downloads: z.number().int().positive(),
    amount: micros,
    /** global log position of the DownloadsCounted event it came from (idempotency: credits arrive in position order) */
    source_position: z.number().int().positive(),
    created: isoTime,
    /** pending until then (Modrinth holds revenue for a period before it can be withdrawn) */
    available_at: isoTime,
  }),
);

/** Money reserved for a withdrawal: it leaves the available balance at once. */
export const PayoutWithdrawalRequested = defineEvent(
  'PayoutWithdrawalRequested',
  1,
  z.object({
    payout_id: id,
    amount: micros,
    fee: micros,
    method: z.enum(PAYOUT_METHOD_TYPES),
    method_id: z.string().min(1).max(64),
    created: isoTime,
  }),
);
/** The provider accepted the transfer: in transit. */
export const PayoutWithdrawalSubmitted = defineEvent('PayoutWithdrawalSubmitted', 1, z.object({ payout_id: id, platform_id: z.string().max(128) }));
export const PayoutWithdrawalSucceeded = defineEvent('PayoutWithdrawalSucceeded', 1, z.object({ payout_id: id, at: isoTime }));
/** The transfer failed: the money returns to the available balance. */
export const PayoutWithdrawalFailed = defineEvent('PayoutWithdrawalFailed', 1, z.object({ payout_id: id, reason: z.string().max(255), at: isoTime }));
/** Cancelled by the user while in transit: the money returns to the available balance. */
export const PayoutWithdrawalCancelled = defineEvent('PayoutWithdrawalCancelled', 1, z.object({ payout_id: id, at: isoTime }));
