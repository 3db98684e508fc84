import { describe, expect, it } from 'vitest';
import {
  PayoutCredited,
  PayoutWithdrawalCancelled,
  PayoutWithdrawalFailed,
  PayoutWithdrawalRequested,
  PayoutWithdrawalSubmitted,
  PayoutWithdrawalSucceeded,
  toNewEvents,
  type DecidedEvent,
  type RecordedEvent,
} from '@modshelf/events';
import { DomainError } from '@modshelf/contract';
import { fold } from '../kernel/decider';
import { balanceOf, payoutDecider, type PayoutCommand } from './decider';
import { amountProblem, decimal, feeFor, findMethod, toMicros } from './methods';

const T0 = '2026-03-01T00:00:00.000Z';
const LATER = '2026-05-01T00:00:00.000Z';
const USD = 1_000_000;

function recorded(decided: DecidedEvent[]): RecordedEvent[] {
  const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: T0 };
  return toNewEvents(decided, meta, () => 'e').map((e, i) => ({ ...e, streamId: 'payouts-UserAAAA', revision: i, position: i + 1 }));
}
/** given events, when a command, then events (or an error) */
function when(given: DecidedEvent[], cmd: PayoutCommand) {
  return payoutDecider.decide(cmd, fold(payoutDecider, recorded(given)));
}
function error(given: DecidedEvent[], cmd: PayoutCommand): DomainError {
  try {
    when(given, cmd);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected an error');
}

const credit = (amount: number, source: number, available_at = T0) =>
  PayoutCredited({ project_id: 'ProjAAAA', downloads: 4, amount, source_position: source, created: T0, available_at });
const withdraw = (amount: number, payout_id = 'PayoutAA', method: 'paypal' | 'venmo' | 'tremendous' = 'paypal', method_id = 'paypal_us'): PayoutCommand => ({
  type: 'Withdraw',
  payout_id,
  amount,
  method,
  method_id,
  now: LATER,
});
const requested = (amount: number, payout_id = 'PayoutAA') =>
  PayoutWithdrawalRequested({
    payout_id,
    amount,
    fee: feeFor(findMethod('paypal', 'paypal_us')!, amount),
    method: 'paypal',
    method_id: 'paypal_us',
    created: LATER,
  });

describe('payout decider', () => {
  it('credits once per source position (replays of the process manager write nothing)', () => {
    const cmd: PayoutCommand = { type: 'Credit', project_id: 'ProjAAAA', downloads: 4, amount: 10_000, source_position: 7, now: T0, available_at: T0 };
    expect(when([], cmd)).toEqual([credit(10_000, 7)]);
    expect(when([credit(10_000, 7)], cmd)).toEqual([]);
    expect(when([credit(10_000, 9)], cmd)).toEqual([]);
  });

  it('keeps revenue pending until available_at', () => {
    const s = fold(payoutDecider, recorded([credit(5 * USD, 1), credit(3 * USD, 2, '2026-06-01T00:00:00.000Z')]));
    expect(balanceOf(s, LATER)).toMatchObject({ available: 5 * USD, pending: 3 * USD, dates: { '2026-06-01T00:00:00.000Z': 3 * USD } });
    expect(balanceOf(s, '2026-06-02T00:00:00.000Z')).toMatchObject({ available: 8 * USD, pending: 0 });
  });

  it('withdraws available money with the method fee, and refuses more than available, below the minimum or off the fixed amounts', () => {
    expect(when([credit(10 * USD, 1)], withdraw(4 * USD))).toEqual([requested(4 * USD)]);
    expect(requested(4 * USD).data.fee).toBe(250_000); // 2%, at least $0.25
    expect(error([credit(10 * USD, 1)], withdraw(11 * USD)).description).toBe('You do not have enough funds to make this payout!');
    expect(error([credit(10 * USD, 1), requested(8 * USD)], withdraw(3 * USD, 'PayoutCC')).description).toBe(
      'You do not have enough funds to make this payout!',
    );
    expect(error([credit(10 * USD, 1, '2026-09-01T00:00:00.000Z')], withdraw(2 * USD)).description).toMatch(/enough funds/);
    expect(error([credit(10 * USD, 1)], withdraw(500_000)).description).toMatch(/below the minimum/);
    expect(error([credit(10 * USD, 1)], withdraw(USD + 1)).description).toMatch(/two decimals/);
    expect(error([credit(100 * USD, 1)], withdraw(7 * USD, 'PayoutBB', 'tremendous', 'tremendous_amazon_us')).description).toMatch(/only in these amounts/);
    expect(when([credit(100 * USD, 1)], withdraw(10 * USD, 'PayoutBB', 'tremendous', 'tremendous_amazon_us'))).toHaveLength(1);
    expect(error([credit(10 * USD, 1)], withdraw(2 * USD, 'PayoutBB', 'venmo', 'paypal_us')).kind).toBe('invalid_input');
  });

  it('in transit -> success keeps the money withdrawn; failed and cancelled return it', () => {
    const base = [credit(10 * USD, 1), requested(4 * USD), PayoutWithdrawalSubmitted({ payout_id: 'PayoutAA', platform_id: 'sbx' })];
    const bal = (given: DecidedEvent[]) => balanceOf(fold(payoutDecider, recorded(given)), LATER);
    expect(bal(base)).toMatchObject({ available: 6 * USD, withdrawn_lifetime: 4 * USD });
    expect(when(base, { type: 'Settle', payout_id: 'PayoutAA', outcome: 'success', now: LATER })).toEqual([
      PayoutWithdrawalSucceeded({ payout_id: 'PayoutAA', at: LATER }),
    ]);
    const ok = [...base, PayoutWithdrawalSucceeded({ payout_id: 'PayoutAA', at: LATER })];
    expect(bal(ok)).toMatchObject({ available: 6 * USD, withdrawn_lifetime: 4 * USD, withdrawn_ytd: 4 * USD });
    expect(error(ok, { type: 'Cancel', payout_id: 'PayoutAA', now: LATER }).description).toBe('Payout cannot be cancelled!');
    expect(when(ok, { type: 'Settle', payout_id: 'PayoutAA', outcome: 'failed', now: LATER })).toEqual([]);
    const failed = [...base, PayoutWithdrawalFailed({ payout_id: 'PayoutAA', reason: 'nope', at: LATER })];
    expect(bal(failed)).toMatchObject({ available: 10 * USD, withdrawn_lifetime: 0 });
    expect(when(base, { type: 'Cancel', payout_id: 'PayoutAA', now: LATER })).toEqual([PayoutWithdrawalCancelled({ payout_id: 'PayoutAA', at: LATER })]);
    const cancelled = [...base, PayoutWithdrawalCancelled({ payout_id: 'PayoutAA', at: LATER })];
    expect(bal(cancelled)).toMatchObject({ available: 10 * USD });
    expect(when(cancelled, { type: 'Cancel', payout_id: 'PayoutAA', now: LATER })).toEqual([]);
    expect(error([], { type: 'Cancel', payout_id: 'PayoutZZ', now: LATER }).kind).toBe('not_found');
  });

  it('formats and parses money', () => {
    expect(decimal(2500)).toBe('0.0025');
    expect(decimal(12_500_000)).toBe('12.5');
    expect(decimal(0)).toBe('0');
    expect(toMicros('12.34')).toBe(12_340_000);
    expect(toMicros(3)).toBe(3 * USD);
    expect(toMicros('-1')).toBeNull();
    expect(toMicros('abc')).toBeNull();
    expect(amountProblem(findMethod('paypal', 'paypal_us')!, 20_000 * USD)).toMatch(/maximum/);
    expect(feeFor(findMethod('paypal', 'paypal_us')!, 100 * USD)).toBe(USD); // capped at $1
  });
});
