import { z } from 'zod';

/** Modrinth's payout method types. */
export const PAYOUT_METHOD_TYPES = ['paypal', 'venmo', 'tremendous'] as const;

/** Answer and body schemas of /v2/payout (Modrinth's v3 shapes; money as decimal strings, as rust_decimal serializes). */
const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'US dollars as a decimal string' });
const methodType = z.enum([...PAYOUT_METHOD_TYPES, 'unknown']);

export const UserBalance = z.strictObject({
  available: money,
  withdrawn_lifetime: money,
  withdrawn_ytd: money,
  pending: money,
  dates: z.record(z.string(), money).meta({ description: 'pending revenue by the time it becomes available' }),
});

export const PayoutAnswer = z.strictObject({
  id: z.string(),
  user_id: z.string(),
  status: z.enum(['success', 'in-transit', 'cancelled', 'cancelling', 'failed', 'unknown']),
  created: z.string().datetime({ offset: true }),
  amount: money,
  fee: money.nullable(),
  method: methodType.nullable(),
  method_address: z.string().nullable().meta({ description: 'where it went (masked); null once the account forgot it' }),
  platform_id: z.string().nullable(),
});

export const PayoutMethodAnswer = z.strictObject({
  id: z.string(),
  type: methodType,
  name: z.string(),
  supported_countries: z.array(z.string()),
  image_url: z.string().nullable(),
  interval: z.union([
    z.strictObject({ standard: z.strictObject({ min: money, max: money }) }),
    z.strictObject({ fixed: z.strictObject({ values: z.array(money) }) }),
  ]),
  fee: z.strictObject({ percentage: money, min: money, max: money.nullable() }),
});

export const UserPayoutHistory = z.strictObject({
  all_time: money.meta({ description: 'revenue credited to the user, all time (USD)' }),
  last_month: money.meta({ description: 'revenue credited in the last 30 days (USD)' }),
  payouts: z.array(
    z.strictObject({
      created: z.string().datetime({ offset: true }),
      amount: z.number().meta({ description: 'US dollars' }),
      status: z.enum(['success', 'in-transit', 'cancelled', 'failed']),
    }),
  ),
});

export const WithdrawalBody = z.object({
  amount: z.union([z.number(), z.string()]).meta({ description: 'US dollars (at most two decimals)' }),
  method: z.enum(PAYOUT_METHOD_TYPES),
  method_id: z.string().min(1).max(64),
  /** Modshelf: the PayPal/gift-card e-mail or Venmo handle; remembered per method (outside the log) */
  recipient: z.string().min(2).max(254).optional(),
});

export const FeesAnswer = z.strictObject({ fee: money, net_usd: money, exchange_rate: z.null() });
export const RecipientsAnswer = z.record(z.string(), z.string());
export const RecipientsBody = z.object({
  paypal: z.string().max(254).nullable().optional(),
  venmo: z.string().max(64).nullable().optional(),
  tremendous: z.string().max(254).nullable().optional(),
});

/** POST /v2/user/{id|username}/payouts?amount= (Modrinth's legacy withdrawal). */
export const legacyWithdrawQuery = z.object({
  amount: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'amount: a number of dollars (at most two decimals)')
    .meta({ description: 'US dollars to withdraw (at most two decimals)' }),
});

export type UserBalance = z.output<typeof UserBalance>;
export type PayoutAnswer = z.output<typeof PayoutAnswer>;
export type PayoutMethodAnswer = z.output<typeof PayoutMethodAnswer>;
export type FeesAnswer = z.output<typeof FeesAnswer>;
/** The body a client sends to POST /v2/payout and /v2/payout/fees. */
export type WithdrawalBody = z.input<typeof WithdrawalBody>;
