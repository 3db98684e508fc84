import { describe, expect, it } from 'vitest';
import { checkAmount, withdrawalTotals, type PayoutMethod, type Transfer } from './revenue';

const tr = (amount: string, created: string, method: Transfer['method'], status: Transfer['status'] = 'success'): Transfer => ({
  id: created,
  user_id: 'u',
  status,
  created,
  amount,
  fee: '0.25',
  method,
  method_address: null,
  platform_id: null,
});
const paypal: PayoutMethod = {
  id: 'paypal_us',
  type: 'paypal',
  name: 'PayPal',
  supported_countries: ['US'],
  image_url: null,
  interval: { standard: { min: '1', max: '10000' } },
  fee: { percentage: '2', min: '0.25', max: '1' },
};
const gift: PayoutMethod = { ...paypal, id: 'amazon', type: 'tremendous', interval: { fixed: { values: ['5', '10'] } } };

describe('revenue sums', () => {
  it('totals withdrawals per year and per method, leaving out failed and cancelled ones', () => {
    const t = withdrawalTotals([
      tr('12.5', '2026-03-01T00:00:00Z', 'paypal'),
      tr('5', '2025-03-01T00:00:00Z', 'tremendous'),
      tr('2.25', '2026-04-01T00:00:00Z', 'paypal', 'in-transit'),
      tr('100', '2026-04-01T00:00:00Z', 'venmo', 'failed'),
      tr('100', '2026-04-01T00:00:00Z', 'venmo', 'cancelled'),
    ]);
    expect(t.byYear).toEqual([
      { key: '2026', amount: 14.75, count: 2 },
      { key: '2025', amount: 5, count: 1 },
    ]);
    expect(t.byMethod).toEqual([
      { key: 'paypal', amount: 14.75, count: 2 },
      { key: 'tremendous', amount: 5, count: 1 },
    ]);
    expect(t.total).toBe(19.75);
  });

  it('checks amounts against the balance and the method limits', () => {
    expect(checkAmount('', 10, paypal)).toEqual({ ok: false, reason: 'empty' });
    expect(checkAmount('1.234', 10, paypal)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkAmount('10.01', 10, paypal)).toEqual({ ok: false, reason: 'over', limit: 10 });
    expect(checkAmount('0.50', 10, paypal)).toEqual({ ok: false, reason: 'below', limit: 1 });
    expect(checkAmount('$10', 10.009, paypal)).toEqual({ ok: true, amount: 10 });
    expect(checkAmount('7', 10, gift)).toEqual({ ok: false, reason: 'fixed' });
    expect(checkAmount('5', 10, gift)).toEqual({ ok: true, amount: 5 });
  });
});
