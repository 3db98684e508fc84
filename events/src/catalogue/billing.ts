import { z } from 'zod';
import { defineEvent } from '../registry';
import { id, isoTime } from './fields';

/**
 * Billing. Stream: billing-<user_id>. Payment details (brand, last four, expiry,
 * the provider's reference) are personal data and stay in the billing vault,
 * never in the log; the log keeps the facts and amounts.
 */
export const billingStream = (userId: string) => `billing-${userId}`;
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
const money = z.object({ amount: z.number().int().nonnegative(), currency: z.string().regex(/^[A-Z]{3}$/) });

export const PaymentMethodAdded = defineEvent('PaymentMethodAdded', 1, z.object({ method_id: id, primary: z.boolean(), created: isoTime }));
export const PaymentMethodMadePrimary = defineEvent('PaymentMethodMadePrimary', 1, z.object({ method_id: id }));
export const PaymentMethodRemoved = defineEvent('PaymentMethodRemoved', 1, z.object({ method_id: id }));

export const ChargeSucceeded = defineEvent(
  'ChargeSucceeded',
  1,
  money.extend({ charge_id: id, method_id: id, subscription_id: id.nullable(), description: z.string().max(255), created: isoTime }),
);
export const ChargeFailed = defineEvent(
  'ChargeFailed',
  1,
  money.extend({
    charge_id: id,
    method_id: id.nullable(),
    subscription_id: id.nullable(),
    description: z.string().max(255),
    reason: z.string().max(255),
    created: isoTime,
  }),
);

export const SubscriptionStarted = defineEvent(
  'SubscriptionStarted',
  1,
  money.extend({ subscription_id: id, product_id: z.string().min(1).max(64), interval: z.enum(BILLING_INTERVALS), created: isoTime, period_end: isoTime }),
);
export const SubscriptionRenewed = defineEvent('SubscriptionRenewed', 1, z.object({ subscription_id: id, period_end: isoTime }));
/** The renewal charge failed: the site shows the banner until a charge succeeds or the subscription ends. */
export const SubscriptionRenewalFailed = defineEvent('SubscriptionRenewalFailed', 1, z.object({ subscription_id: id, at: isoTime }));
/** Cancelled: no more renewals; perks last until the end of the paid period. */
export const SubscriptionCancelled = defineEvent('SubscriptionCancelled', 1, z.object({ subscription_id: id, at: isoTime, perks_until: isoTime }));
export const SubscriptionResumed = defineEvent('SubscriptionResumed', 1, z.object({ subscription_id: id }));
export const SubscriptionEnded = defineEvent('SubscriptionEnded', 1, z.object({ subscription_id: id, at: isoTime }));
