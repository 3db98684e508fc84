import { formatMoney, useApi, type Translate } from '@modshelf/web-kit';
import { payouts } from '../lib/revenue';

// Helpers shared by the revenue tabs (overview, transfers, withdraw).
export const money = (s: string | number | null | undefined) => formatMoney(Number(s ?? 0));

export function useBalance(userId: string) {
  return useApi(`dashboard:payout-balance:${userId}`, (s) => payouts.balance(s));
}
export function useHistory(userId: string) {
  return useApi(`dashboard:payout-history:${userId}`, (s) => payouts.history(s));
}

export function methodName(t: Translate, method: string | null) {
  if (method === 'paypal') return t('revenue.method.paypal', 'PayPal');
  if (method === 'venmo') return t('revenue.method.venmo', 'Venmo');
  if (method === 'tremendous') return t('revenue.method.tremendous', 'Gift card');
  return method ?? t('status.unknown', 'Unknown');
}
