import { z } from 'zod';
import { AccountDateTime, AccountId } from './account';

/** Billing (the sandbox provider): payment methods, subscriptions, charges. */
export const addMethodBody = z.object({
  token: z.string().min(1).max(100).optional(),
  card: z.object({ number: z.string().max(32), exp_month: z.number().int(), exp_year: z.number().int(), cvc: z.string().max(4).optional() }).optional(),
});
export const editMethodBody = z.object({ primary: z.literal(true) });
export const subscribeBody = z.object({ product_id: z.string().min(1).max(64), interval: z.enum(['monthly', 'yearly']) });
export const editSubBody = z.object({ cancelled: z.boolean() });

const Money = z.strictObject({ amount: z.number().int(), currency: z.string() });
export const Product = z.strictObject({ id: z.string(), name: z.string(), description: z.string(), prices: z.strictObject({ monthly: Money, yearly: Money }) });
export const PaymentMethod = z.strictObject({
  id: AccountId,
  brand: z.string(),
  brand_name: z.string(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  primary: z.boolean(),
});
export const Subscription = z.strictObject({
  id: AccountId,
  product_id: z.string(),
  product_name: z.string(),
  interval: z.enum(['monthly', 'yearly']),
  amount: z.number().int(),
  currency: z.string(),
  created: AccountDateTime,
  period_end: AccountDateTime,
  status: z.enum(['active', 'past_due', 'cancelled', 'ended']),
  cancelled_at: AccountDateTime.nullable(),
  perks_until: AccountDateTime.nullable(),
  renewal_failed: z.boolean(),
  failed_at: AccountDateTime.nullable(),
  perks: z.boolean(),
});
export const Charge = z.strictObject({
  id: AccountId,
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['succeeded', 'failed']),
  method_id: AccountId.nullable(),
  subscription_id: AccountId.nullable(),
  description: z.string(),
  reason: z.string().nullable(),
  created: AccountDateTime,
  payment_method: PaymentMethod.nullable(),
});
export const BillingOverview = z.strictObject({
  user_id: AccountId,
  username: z.string(),
  payment_methods: z.array(PaymentMethod),
  subscriptions: z.array(Subscription),
  charges: z.array(Charge),
});

export type Product = z.output<typeof Product>;
export type PaymentMethod = z.output<typeof PaymentMethod>;
export type Subscription = z.output<typeof Subscription>;
export type Charge = z.output<typeof Charge>;
export type BillingOverview = z.output<typeof BillingOverview>;
