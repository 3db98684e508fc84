import { randomBytes } from 'node:crypto';

/** Card brands and wallets the settings page shows (spec: payment method). */
export const CARD_BRANDS = {
  amazon_pay: 'Amazon Pay',
  amex: 'American Express',
  cashapp: 'Cash App',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos: 'EFTPOS',
  jcb: 'JCB',
  mastercard: 'MasterCard',
  paypal: 'PayPal',
  unionpay: 'UnionPay',
  visa: 'Visa',
  unknown: 'unknown',
} as const;
export type CardBrand = keyof typeof CARD_BRANDS;

export interface AttachInput {
  /** a provider token (sandbox: tok_visa, tok_mastercard, ..., tok_paypal, tok_chargeDeclined) */
  token?: string;
  /** sandbox only: raw test card details (never stored; only brand, last four and expiry are kept) */
  card?: { number: string; exp_month: number; exp_year: number; cvc?: string };
}

export interface AttachedInstrument {
  /** the provider's reference for charging it later */
  ref: string;
  brand: CardBrand;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
}

export type ChargeOutcome = { ok: true; ref: string } | { ok: false; reason: string };

/** The payment-provider port. The embedded profile uses the sandbox; a real provider plugs in here. */
export interface PaymentProvider {
  readonly name: string;
  attach(userId: string, input: AttachInput, now: Date): Promise<AttachedInstrument>;
  charge(ref: string, amount: number, currency: string, description: string): Promise<ChargeOutcome>;
  detach(ref: string): Promise<void>;
}

export class PaymentInputError extends Error {}

export function luhnOk(number: string): boolean {
  let sum = 0;
  let dbl = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (dbl) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    dbl = !dbl;
  }
  return sum % 10 === 0;
}

export function brandOfCard(number: string): CardBrand {
  const n = (p: number) => Number(number.slice(0, p));
  if (/^4/.test(number)) return 'visa';
  if ((n(2) >= 51 && n(2) <= 55) || (n(4) >= 2221 && n(4) <= 2720)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(30[0-5]|36|38)/.test(number)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(number)) return 'jcb';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

const TOKENS: Record<string, { brand: CardBrand; last4: string | null; card: boolean; decline?: boolean }> = {
  tok_visa: { brand: 'visa', last4: '4242', card: true },
  tok_mastercard: { brand: 'mastercard', last4: '4444', card: true },
  tok_amex: { brand: 'amex', last4: '8431', card: true },
  tok_discover: { brand: 'discover', last4: '1117', card: true },
  tok_diners: { brand: 'diners', last4: '0004', card: true },
  tok_jcb: { brand: 'jcb', last4: '0505', card: true },
  tok_unionpay: { brand: 'unionpay', last4: '0005', card: true },
  tok_eftpos: { brand: 'eftpos', last4: '0001', card: true },
  tok_paypal: { brand: 'paypal', last4: null, card: false },
  tok_cashapp: { brand: 'cashapp', last4: null, card: false },
  tok_amazon_pay: { brand: 'amazon_pay', last4: null, card: false },
  tok_chargeDeclined: { brand: 'visa', last4: '0341', card: true, decline: true },
};
/** Test card numbers whose charges are declined (attach works, as with real cards). */
const DECLINING_CARDS = new Set(['4000000000000341', '4000000000000002']);

/**
 * The sandbox provider: accepts test tokens and test card numbers, never real
 * money. Whether an instrument declines is encoded in its reference, so the
 * behaviour survives restarts without any state.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  async attach(_userId: string, input: AttachInput, now: Date): Promise<AttachedInstrument> {
    const id = randomBytes(9).toString('base64url');
    if (input.token) {
      const t = TOKENS[input.token];
      if (!t) throw new PaymentInputError(`unknown sandbox token ${input.token}; use one of ${Object.keys(TOKENS).join(', ')}`);
      return {
        ref: `sandbox_${t.decline ? 'decline' : 'ok'}_${id}`,
        brand: t.brand,
        last4: t.last4,
        exp_month: t.card ? 12 : null,
        exp_year: t.card ? now.getUTCFullYear() + 3 : null,
      };
    }
    if (input.card) {
      const number = input.card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(number) || !luhnOk(number)) throw new PaymentInputError('card: the card number is invalid');
      const { exp_month, exp_year } = input.card;
      if (!Number.isInteger(exp_month) || exp_month < 1 || exp_month > 12) throw new PaymentInputError('card: exp_month must be 1-12');
      const y = now.getUTCFullYear();
      const m = now.getUTCMonth() + 1;
      if (!Number.isInteger(exp_year) || exp_year < y || (exp_year === y && exp_month < m) || exp_year > y + 30)
        throw new PaymentInputError('card: the card has expired');
      return {
        ref: `sandbox_${DECLINING_CARDS.has(number) ? 'decline' : 'ok'}_${id}`,
        brand: brandOfCard(number),
        last4: number.slice(-4),
        exp_month,
        exp_year,
      };
    }
    throw new PaymentInputError('send a token or a card');
  }

  async charge(ref: string, _amount: number, _currency: string, _description: string): Promise<ChargeOutcome> {
    if (ref.startsWith('sandbox_decline_')) return { ok: false, reason: 'Your card was declined.' };
    if (!ref.startsWith('sandbox_ok_')) return { ok: false, reason: 'Unknown payment method.' };
    return { ok: true, ref: `sandbox_ch_${randomBytes(9).toString('base64url')}` };
  }

  async detach(_ref: string): Promise<void> {}
}
