import {
  PayoutCredited,
  PayoutWithdrawalCancelled,
  PayoutWithdrawalFailed,
  PayoutWithdrawalRequested,
  PayoutWithdrawalSubmitted,
  PayoutWithdrawalSucceeded,
  type DecidedEvent,
  type RecordedEvent,
} from '@modshelf/events';
import { invalidInput, notFound } from '@modshelf/contract';
import type { Decider } from '../kernel/decider';
import { amountProblem, feeFor, findMethod, type PayoutMethodType } from './methods';

export type PayoutStatus = 'in-transit' | 'success' | 'failed' | 'cancelled';

export interface Credit {
  project_id: string;
  amount: number;
  downloads: number;
  created: string;
  available_at: string;
}

export interface Payout {
  id: string;
  amount: number;
  fee: number;
  method: PayoutMethodType;
  method_id: string;
  created: string;
  status: PayoutStatus;
  platform_id: string | null;
  reason: string | null;
  settled: string | null;
}

export interface PayoutState {
  credits: Credit[];
  /** log position of the last DownloadsCounted credited here */
  lastSource: number;
  payouts: Record<string, Payout>;
}

export type PayoutCommand =
  | { type: 'Credit'; project_id: string; downloads: number; amount: number; source_position: number; now: string; available_at: string }
  | { type: 'Withdraw'; payout_id: string; amount: number; method: PayoutMethodType; method_id: string; now: string }
  | { type: 'Submit'; payout_id: string; platform_id: string }
  | { type: 'Settle'; payout_id: string; outcome: 'success' | 'failed'; reason?: string; now: string }
  | { type: 'Cancel'; payout_id: string; now: string };

/** Money held by withdrawals: in transit or paid out. */
const holds = (p: Payout) => p.status === 'in-transit' || p.status === 'success';

export interface Balance {
  available: number;
  pending: number;
  withdrawn_lifetime: number;
  withdrawn_ytd: number;
  in_transit: number;
  /** pending amounts by the date they become available */
  dates: Record<string, number>;
}

export function balanceOf(s: PayoutState, now: string): Balance {
  let credited = 0;
  let pending = 0;
  const dates: Record<string, number> = {};
  for (const c of s.credits) {
    if (c.available_at <= now) credited += c.amount;
    else {
      pending += c.amount;
      dates[c.available_at] = (dates[c.available_at] ?? 0) + c.amount;
    }
  }
  let held = 0;
  let lifetime = 0;
  let ytd = 0;
  let inTransit = 0;
  const year = now.slice(0, 4);
  for (const p of Object.values(s.payouts)) {
    if (holds(p)) held += p.amount;
    if (p.status === 'in-transit') inTransit += p.amount;
    if (holds(p)) {
      lifetime += p.amount;
      if (p.created.slice(0, 4) === year) ytd += p.amount;
    }
  }
  return { available: credited - held, pending, withdrawn_lifetime: lifetime, withdrawn_ytd: ytd, in_transit: inTransit, dates };
}

function payout(s: PayoutState, id: string): Payout {
  const p = s.payouts[id];
  if (!p) throw notFound('The requested payout was not found');
  return p;
}

function change(s: PayoutState, id: string, patch: Partial<Payout>): PayoutState {
  const p = s.payouts[id];
  return p ? { ...s, payouts: { ...s.payouts, [id]: { ...p, ...patch } } } : s;
}

/**
 * A user's revenue account: credits from downloads (pending until available_at),
 * withdrawals that reserve money at once (so two racing withdrawals, serialized
 * by the stream revision, can never overdraw), and their outcome.
 */
export const payoutDecider: Decider<PayoutCommand, PayoutState> = {
  initialState: { credits: [], lastSource: 0, payouts: {} },
  evolve(s, e: RecordedEvent) {
    if (PayoutCredited.is(e)) {
      const d = e.data;
      return {
        ...s,
        lastSource: Math.max(s.lastSource, d.source_position),
        credits: [...s.credits, { project_id: d.project_id, amount: d.amount, downloads: d.downloads, created: d.created, available_at: d.available_at }],
      };
    }
    if (PayoutWithdrawalRequested.is(e)) {
      const d = e.data;
      return {
        ...s,
        payouts: {
          ...s.payouts,
          [d.payout_id]: {
            id: d.payout_id,
            amount: d.amount,
            fee: d.fee,
            method: d.method,
            method_id: d.method_id,
            created: d.created,
            status: 'in-transit',
            platform_id: null,
            reason: null,
            settled: null,
          },
        },
      };
    }
    if (PayoutWithdrawalSubmitted.is(e)) return change(s, e.data.payout_id, { platform_id: e.data.platform_id });
    if (PayoutWithdrawalSucceeded.is(e)) return change(s, e.data.payout_id, { status: 'success', settled: e.data.at });
    if (PayoutWithdrawalFailed.is(e)) return change(s, e.data.payout_id, { status: 'failed', reason: e.data.reason, settled: e.data.at });
    if (PayoutWithdrawalCancelled.is(e)) return change(s, e.data.payout_id, { status: 'cancelled', settled: e.data.at });
    return s;
  },
  decide(c, s): DecidedEvent[] {
    switch (c.type) {
      case 'Credit':
        // replays of the process manager after a crash: already credited
        if (c.source_position <= s.lastSource || c.amount <= 0) return [];
        return [
          PayoutCredited({
            project_id: c.project_id,
            downloads: c.downloads,
            amount: c.amount,
            source_position: c.source_position,
            created: c.now,
            available_at: c.available_at,
          }),
        ];
      case 'Withdraw': {
        if (s.payouts[c.payout_id]) return [];
        const rule = findMethod(c.method, c.method_id);
        if (!rule) throw invalidInput(`method_id: ${c.method_id} is not a ${c.method} payout method`);
        const problem = amountProblem(rule, c.amount);
        if (problem) throw invalidInput(problem);
        if (c.amount > balanceOf(s, c.now).available) throw invalidInput('You do not have enough funds to make this payout!');
        return [
          PayoutWithdrawalRequested({
            payout_id: c.payout_id,
            amount: c.amount,
            fee: feeFor(rule, c.amount),
            method: c.method,
            method_id: c.method_id,
            created: c.now,
          }),
        ];
      }
      case 'Submit': {
        const p = payout(s, c.payout_id);
        if (p.status !== 'in-transit' || p.platform_id) return [];
        return [PayoutWithdrawalSubmitted({ payout_id: c.payout_id, platform_id: c.platform_id })];
      }
      case 'Settle': {
        const p = payout(s, c.payout_id);
        if (p.status !== 'in-transit') return [];
        return c.outcome === 'success'
          ? [PayoutWithdrawalSucceeded({ payout_id: p.id, at: c.now })]
          : [PayoutWithdrawalFailed({ payout_id: p.id, reason: (c.reason ?? 'The transfer failed').slice(0, 255), at: c.now })];
      }
      case 'Cancel': {
        const p = payout(s, c.payout_id);
        if (p.status === 'cancelled') return [];
        if (p.status !== 'in-transit') throw invalidInput('Payout cannot be cancelled!');
        return [PayoutWithdrawalCancelled({ payout_id: p.id, at: c.now })];
      }
    }
  },
};
