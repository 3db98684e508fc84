/**
 * Payout methods of the sandbox (Modrinth's PayoutMethod shape) and their money
 * rules. Pure: amounts are integer micro-dollars; the answers turn them into
 * decimal strings as Modrinth's rust_decimal fields are serialized.
 */
export type PayoutMethodType = 'paypal' | 'venmo' | 'tremendous';

export const MICROS = 1_000_000;
export const CENT = 10_000;

export interface MethodRule {
  id: string;
  type: PayoutMethodType;
  name: string;
  supported_countries: string[];
  image_url: string | null;
  /** standard: any amount between min and max (micros); fixed: only these amounts */
  interval: { kind: 'standard'; min: number; max: number } | { kind: 'fixed'; values: number[] };
  /** fee: percentage of the amount, clamped to [min, max] (micros) */
  fee: { percentage: number; min: number; max: number | null };
}

const usd = (dollars: number) => Math.round(dollars * MICROS);

export const PAYOUT_METHODS: MethodRule[] = [
  {
    id: 'paypal_us',
    type: 'paypal',
    name: 'PayPal',
    supported_countries: ['US'],
    image_url: null,
    interval: { kind: 'standard', min: usd(1), max: usd(10_000) },
    fee: { percentage: 2, min: usd(0.25), max: usd(1) },
  },
  {
    id: 'paypal_intl',
    type: 'paypal',
    name: 'PayPal (international)',
    supported_countries: ['*'],
    image_url: null,
    interval: { kind: 'standard', min: usd(1), max: usd(10_000) },
    fee: { percentage: 2, min: usd(0.25), max: usd(20) },
  },
  {
    id: 'venmo',
    type: 'venmo',
    name: 'Venmo',
    supported_countries: ['US'],
    image_url: null,
    interval: { kind: 'standard', min: usd(1), max: usd(2_000) },
    fee: { percentage: 2, min: usd(0.25), max: usd(1) },
  },
  {
    id: 'tremendous_amazon_us',
    type: 'tremendous',
    name: 'Amazon.com gift card',
    supported_countries: ['US'],
    image_url: null,
    interval: { kind: 'fixed', values: [usd(5), usd(10), usd(25), usd(50), usd(100)] },
    fee: { percentage: 0, min: 0, max: null },
  },
  {
    id: 'tremendous_visa_prepaid',
    type: 'tremendous',
    name: 'Visa prepaid card',
    supported_countries: ['*'],
    image_url: null,
    interval: { kind: 'standard', min: usd(5), max: usd(2_000) },
    fee: { percentage: 0, min: usd(0.5), max: usd(0.5) },
  },
];

export function findMethod(type: string, methodId: string): MethodRule | undefined {
  return PAYOUT_METHODS.find((m) => m.type === type && m.id === methodId);
}

export function feeFor(rule: MethodRule, amount: number): number {
  let fee = Math.round((amount * rule.fee.percentage) / 100);
  fee = Math.max(fee, rule.fee.min);
  if (rule.fee.max !== null) fee = Math.min(fee, rule.fee.max);
  return Math.min(fee, amount);
}

/** Why an amount cannot go out by this method, or null when it can. */
export function amountProblem(rule: MethodRule, amount: number): string | null {
  if (!Number.isInteger(amount) || amount <= 0) return 'amount: must be more than 0';
  if (amount % CENT !== 0) return 'amount: at most two decimals';
  if (rule.interval.kind === 'standard') {
    if (amount < rule.interval.min) return `Withdrawal amount is below the minimum of ${decimal(rule.interval.min)} for ${rule.name}`;
    if (amount > rule.interval.max) return `Withdrawal amount is above the maximum of ${decimal(rule.interval.max)} for ${rule.name}`;
  } else if (!rule.interval.values.includes(amount)) {
    return `${rule.name} comes only in these amounts: ${rule.interval.values.map(decimal).join(', ')}`;
  }
  return null;
}

/** Micro-dollars as a decimal string without trailing zeros ("12.5", "0.0025", "0"), like rust_decimal. */
export function decimal(micros: number): string {
  const neg = micros < 0;
  const abs = Math.abs(Math.trunc(micros));
  const whole = Math.floor(abs / MICROS);
  const frac = String(abs % MICROS)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A decimal (number or string, dollars) to micro-dollars; null when it is not a plain decimal. */
export function toMicros(value: string | number): number | null {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value.trim();
  const m = /^(\d{1,9})(?:\.(\d{1,6})\d*)?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * MICROS + Number((m[2] ?? '').padEnd(6, '0'));
}

/** The method in Modrinth's v3 PayoutMethod shape. */
export function methodView(rule: MethodRule) {
  return {
    id: rule.id,
    type: rule.type,
    name: rule.name,
    supported_countries: rule.supported_countries,
    image_url: rule.image_url,
    interval:
      rule.interval.kind === 'standard'
        ? { standard: { min: decimal(rule.interval.min), max: decimal(rule.interval.max) } }
        : { fixed: { values: rule.interval.values.map(decimal) } },
    fee: { percentage: String(rule.fee.percentage), min: decimal(rule.fee.min), max: rule.fee.max === null ? null : decimal(rule.fee.max) },
  };
}
