import {
  ChargeFailed,
  ChargeSucceeded,
  PaymentMethodAdded,
  PaymentMethodMadePrimary,
  PaymentMethodRemoved,
  SubscriptionCancelled,
  SubscriptionEnded,
  SubscriptionRenewalFailed,
  SubscriptionRenewed,
  SubscriptionResumed,
  SubscriptionStarted,
  type DecidedEvent,
  type RecordedEvent,
} from '@modshelf/events';
import { invalidInput, notFound } from '@modshelf/contract';
import type { Decider } from '../../kernel/decider';

export type Interval = 'monthly' | 'yearly';
export type SubscriptionStatus = 'active' | 'past_due' | 'cancelled' | 'ended';

export interface Subscription {
  id: string;
  product_id: string;
  interval: Interval;
  amount: number;
  currency: string;
  created: string;
  period_end: string;
  status: SubscriptionStatus;
  cancelled_at: string | null;
  perks_until: string | null;
  renewal_failed: boolean;
  failed_at: string | null;
}

export interface Charge {
  id: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  method_id: string | null;
  subscription_id: string | null;
  description: string;
  reason: string | null;
  created: string;
}

export interface BillingState {
  methods: string[];
  primary: string | null;
  subscriptions: Record<string, Subscription>;
  charges: Charge[];
}

/** How long a failed renewal keeps the perks before the subscription ends. */
export const GRACE_MS = 7 * 24 * 60 * 60 * 1000;

export function addInterval(iso: string, interval: Interval): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  if (interval === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else {
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + 1);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d.toISOString();
}

/** Whether the subscription's perks apply at `now`: paid period (or grace after a failed renewal) not over. */
export function hasPerks(s: Subscription, now: string): boolean {
  if (s.status === 'ended') return false;
  if (s.status === 'cancelled') return !!s.perks_until && s.perks_until > now;
  if (s.status === 'past_due') return new Date(Date.parse(s.period_end) + GRACE_MS).toISOString() > now;
  return true;
}

export interface ChargeResult {
  charge_id: string;
  method_id: string | null;
  ok: boolean;
  reason?: string;
}

export type BillingCommand =
  | { type: 'AddMethod'; method_id: string; created: string }
  | { type: 'MakePrimary'; method_id: string }
  | { type: 'RemoveMethod'; method_id: string }
  | {
      type: 'Subscribe';
      subscription_id: string;
      product_id: string;
      interval: Interval;
      amount: number;
      currency: string;
      now: string;
      charge: ChargeResult;
      description: string;
    }
  | { type: 'Cancel'; subscription_id: string; now: string }
  | { type: 'Resume'; subscription_id: string; now: string }
  | { type: 'Renew'; subscription_id: string; now: string; charge: ChargeResult; description: string }
  | { type: 'End'; subscription_id: string; now: string };

const liveSubs = (s: BillingState) => Object.values(s.subscriptions).filter((x) => x.status === 'active' || x.status === 'past_due');

export function checkCanSubscribe(s: BillingState, product_id: string): void {
  if (!s.primary) throw invalidInput('Add a payment method first');
  if (Object.values(s.subscriptions).some((x) => x.product_id === product_id && x.status !== 'ended')) {
    throw invalidInput('You already have this subscription');
  }
}

function chargeEvents(c: {
  charge: ChargeResult;
  amount: number;
  currency: string;
  subscription_id: string | null;
  description: string;
  now: string;
}): DecidedEvent[] {
  const base = {
    charge_id: c.charge.charge_id,
    amount: c.amount,
    currency: c.currency,
    subscription_id: c.subscription_id,
    description: c.description,
    created: c.now,
  };
  return c.charge.ok && c.charge.method_id
    ? [ChargeSucceeded({ ...base, method_id: c.charge.method_id })]
    : [ChargeFailed({ ...base, method_id: c.charge.method_id, reason: c.charge.reason ?? 'The payment failed' })];
}

export const billingDecider: Decider<BillingCommand, BillingState> = {
  initialState: { methods: [], primary: null, subscriptions: {}, charges: [] },

  evolve(s, e: RecordedEvent): BillingState {
    const sub = (id: string, patch: Partial<Subscription>) =>
      s.subscriptions[id] ? { ...s, subscriptions: { ...s.subscriptions, [id]: { ...s.subscriptions[id], ...patch } } } : s;
    if (PaymentMethodAdded.is(e))
      return { ...s, methods: [...s.methods, e.data.method_id], primary: e.data.primary || !s.primary ? e.data.method_id : s.primary };
    if (PaymentMethodMadePrimary.is(e)) return { ...s, primary: e.data.method_id };
    if (PaymentMethodRemoved.is(e)) {
      const methods = s.methods.filter((m) => m !== e.data.method_id);
      return { ...s, methods, primary: s.primary === e.data.method_id ? null : s.primary };
    }
    if (ChargeSucceeded.is(e) || ChargeFailed.is(e)) {
      const ok = ChargeSucceeded.is(e);
      const d = e.data as {
        charge_id: string;
        amount: number;
        currency: string;
        method_id: string | null;
        subscription_id: string | null;
        description: string;
        created: string;
        reason?: string;
      };
      return {
        ...s,
        charges: [
          ...s.charges,
          {
            id: d.charge_id,
            amount: d.amount,
            currency: d.currency,
            status: ok ? 'succeeded' : 'failed',
            method_id: d.method_id,
            subscription_id: d.subscription_id,
            description: d.description,
            reason: d.reason ?? null,
            created: d.created,
          },
        ],
      };
    }
    if (SubscriptionStarted.is(e)) {
      const d = e.data;
      return {
        ...s,
        subscriptions: {
          ...s.subscriptions,
          [d.subscription_id]: {
            id: d.subscription_id,
            product_id: d.product_id,
            interval: d.interval,
            amount: d.amount,
            currency: d.currency,
            created: d.created,
            period_end: d.period_end,
            status: 'active',
            cancelled_at: null,
            perks_until: null,
            renewal_failed: false,
            failed_at: null,
          },
        },
      };
    }
    if (SubscriptionRenewed.is(e))
      return sub(e.data.subscription_id, { period_end: e.data.period_end, status: 'active', renewal_failed: false, failed_at: null });
    if (SubscriptionRenewalFailed.is(e)) return sub(e.data.subscription_id, { status: 'past_due', renewal_failed: true, failed_at: e.data.at });
    if (SubscriptionCancelled.is(e)) return sub(e.data.subscription_id, { status: 'cancelled', cancelled_at: e.data.at, perks_until: e.data.perks_until });
    if (SubscriptionResumed.is(e)) return sub(e.data.subscription_id, { status: 'active', cancelled_at: null, perks_until: null });
    if (SubscriptionEnded.is(e)) return sub(e.data.subscription_id, { status: 'ended' });
    return s;
  },

  decide(c, s): DecidedEvent[] {
    switch (c.type) {
      case 'AddMethod':
        return [PaymentMethodAdded({ method_id: c.method_id, primary: s.primary === null, created: c.created })];
      case 'MakePrimary':
        if (!s.methods.includes(c.method_id)) throw notFound('payment method not found');
        return s.primary === c.method_id ? [] : [PaymentMethodMadePrimary({ method_id: c.method_id })];
      case 'RemoveMethod': {
        if (!s.methods.includes(c.method_id)) throw notFound('payment method not found');
        const rest = s.methods.filter((m) => m !== c.method_id);
        if (rest.length === 0 && liveSubs(s).length > 0) {
          throw invalidInput('This is the only payment method of an active subscription: add another one or cancel the subscription first');
        }
        const events: DecidedEvent[] = [PaymentMethodRemoved({ method_id: c.method_id })];
        if (s.primary === c.method_id && rest.length) events.push(PaymentMethodMadePrimary({ method_id: rest[rest.length - 1] }));
        return events;
      }
      case 'Subscribe': {
        checkCanSubscribe(s, c.product_id);
        const charged = chargeEvents({ ...c, subscription_id: c.subscription_id });
        if (!c.charge.ok) return charged;
        return [
          SubscriptionStarted({
            subscription_id: c.subscription_id,
            product_id: c.product_id,
            interval: c.interval,
            amount: c.amount,
            currency: c.currency,
            created: c.now,
            period_end: addInterval(c.now, c.interval),
          }),
          ...charged,
        ];
      }
      case 'Cancel': {
        const x = s.subscriptions[c.subscription_id];
        if (!x) throw notFound('subscription not found');
        if (x.status === 'cancelled' || x.status === 'ended') throw invalidInput('This subscription is already cancelled');
        // perks last to the end of the paid cycle (a failed renewal: to the end of the grace period)
        const perks_until = x.status === 'past_due' ? new Date(Date.parse(x.period_end) + GRACE_MS).toISOString() : x.period_end;
        return [SubscriptionCancelled({ subscription_id: x.id, at: c.now, perks_until: perks_until > c.now ? perks_until : c.now })];
      }
      case 'Resume': {
        const x = s.subscriptions[c.subscription_id];
        if (!x) throw notFound('subscription not found');
        if (x.status !== 'cancelled' || !x.perks_until || x.perks_until <= c.now || x.renewal_failed) throw invalidInput('This subscription cannot be resumed');
        return [SubscriptionResumed({ subscription_id: x.id })];
      }
      case 'Renew': {
        const x = s.subscriptions[c.subscription_id];
        if (!x) throw notFound('subscription not found');
        if (x.status !== 'active' && x.status !== 'past_due') throw invalidInput('This subscription is not renewing');
        if (x.status === 'active' && x.period_end > c.now) return [];
        const charged = chargeEvents({ ...c, amount: x.amount, currency: x.currency, subscription_id: x.id });
        if (!c.charge.ok) return [...charged, SubscriptionRenewalFailed({ subscription_id: x.id, at: c.now })];
        // the new period follows the old one (no free days for paying late)
        let end = addInterval(x.period_end, x.interval);
        while (end <= c.now) end = addInterval(end, x.interval);
        return [...charged, SubscriptionRenewed({ subscription_id: x.id, period_end: end })];
      }
      case 'End': {
        const x = s.subscriptions[c.subscription_id];
        if (!x) throw notFound('subscription not found');
        if (x.status === 'ended' || hasPerks(x, c.now)) return [];
        return [SubscriptionEnded({ subscription_id: x.id, at: c.now })];
      }
    }
  },
};
