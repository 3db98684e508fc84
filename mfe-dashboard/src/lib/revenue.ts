/** Revenue pages: the /v2/payout calls (Modrinth's v3 payout shapes) and the pure sums they show. */
import { apiFetch, command, type FeesAnswer, type PayoutAnswer, type PayoutMethodAnswer, type UserBalance, type WithdrawalBody } from '@modshelf/web-kit';

/** The wire's answers (the contract's types). */

export type Balance = UserBalance;
export type TransferStatus = 'success' | 'in-transit' | 'cancelled' | 'cancelling' | 'failed' | 'unknown';
export type Transfer = PayoutAnswer;
export type PayoutMethod = PayoutMethodAnswer;
export type Fees = FeesAnswer;
/**
 * The wire's withdrawal body, except that `method` is the type of a method the server offered, which
 * may be `unknown` (the server then refuses the withdrawal).
 */
export type WithdrawBody = Omit<WithdrawalBody, 'method'> & { method: PayoutMethod['type'] };

export const payouts = {
  balance: (signal?: AbortSignal) => apiFetch<Balance>('/payout/balance', { signal }),
  history: (signal?: AbortSignal) => apiFetch<Transfer[]>('/payout/history', { signal }),
  methods: (signal?: AbortSignal) => apiFetch<PayoutMethod[]>('/payout/methods', { signal }),
  recipients: (signal?: AbortSignal) => apiFetch<Record<string, string>>('/payout/recipients', { signal }),
  fees: (body: WithdrawBody) => command<Fees>('/payout/fees', 'POST', body).then((r) => r.data),
  withdraw: (body: WithdrawBody) => command('/payout', 'POST', body),
  cancel: (id: string) => command(`/payout/${encodeURIComponent(id)}`, 'DELETE'),
};

export const METHOD_LABELS: Record<string, string> = { paypal: 'PayPal', venmo: 'Venmo', tremendous: 'Gift card' };

/** Transfers that took money out (in transit or paid); failed and cancelled ones returned it. */
export const counts = (t: Transfer) => t.status === 'success' || t.status === 'in-transit' || t.status === 'cancelling';

export interface Total {
  key: string;
  amount: number;
  count: number;
}

/** Withdrawal totals per year (newest first) and per method (largest first), in dollars. */
export function withdrawalTotals(transfers: Transfer[]): { byYear: Total[]; byMethod: Total[]; total: number } {
  const years = new Map<string, Total>();
  const methods = new Map<string, Total>();
  let total = 0;
  for (const t of transfers) {
    if (!counts(t)) continue;
    const amount = Number(t.amount) || 0;
    total += amount;
    const year = t.created.slice(0, 4);
    const method = t.method ?? 'unknown';
    const y = years.get(year) ?? { key: year, amount: 0, count: 0 };
    y.amount += amount;
    y.count++;
    years.set(year, y);
    const m = methods.get(method) ?? { key: method, amount: 0, count: 0 };
    m.amount += amount;
    m.count++;
    methods.set(method, m);
  }
  return {
    byYear: [...years.values()].sort((a, b) => b.key.localeCompare(a.key)),
    byMethod: [...methods.values()].sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key)),
    total,
  };
}

/** The limits a method puts on the amount, as a sentence-ready object. */
export function methodLimits(m: PayoutMethod): { min: number; max: number } | { values: number[] } {
  if ('standard' in m.interval) return { min: Number(m.interval.standard.min), max: Number(m.interval.standard.max) };
  return { values: m.interval.fixed.values.map(Number) };
}

export type AmountCheck = { ok: true; amount: number } | { ok: false; reason: 'empty' | 'invalid' | 'over' | 'below' | 'above' | 'fixed'; limit?: number };

/** Client-side check of a withdrawal amount (the server checks again). */
export function checkAmount(input: string, available: number, method: PayoutMethod | undefined): AmountCheck {
  const s = input.trim().replace(/^\$/, '');
  if (!s) return { ok: false, reason: 'empty' };
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return { ok: false, reason: 'invalid' };
  const amount = Number(s);
  if (!(amount > 0)) return { ok: false, reason: 'invalid' };
  if (Math.round(amount * 100) > Math.floor(available * 100 + 1e-7)) return { ok: false, reason: 'over', limit: available };
  if (method) {
    const l = methodLimits(method);
    if ('values' in l) {
      if (!l.values.some((v) => Math.abs(v - amount) < 1e-9)) return { ok: false, reason: 'fixed' };
    } else if (amount < l.min) return { ok: false, reason: 'below', limit: l.min };
    else if (amount > l.max) return { ok: false, reason: 'above', limit: l.max };
  }
  return { ok: true, amount };
}
