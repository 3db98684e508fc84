import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiError, Field, formatDate, formatMoney, FormError, useAction, useApi, useT } from '@modshelf/web-kit';
import { ActionButton } from '../components/ActionButton';
import { FormButtons } from '../components/FormButtons';
import { accounts, type Charge, type PaymentMethod, type Subscription } from '../lib/api';
import { SignedInPage } from './SettingsLayout';

/** Amounts come in the currency's minor unit (cents). */
export function money(amount: number, currency: string): string {
  const code = (currency || 'USD').toUpperCase();
  if (code === 'USD') return formatMoney(amount / 100);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(Math.floor(amount) / 100);
  } catch {
    return `${(Math.floor(amount) / 100).toFixed(2)} ${code}`;
  }
}

function NotAvailable() {
  const t = useT();
  return (
    <section className="ms-card set-card" data-testid="billing-unavailable">
      <p style={{ margin: 0 }}>{t('billing.unavailable', 'Billing is not available in this deployment.')}</p>
    </section>
  );
}

const unavailable = (e: Error | undefined) => e instanceof ApiError && (e.status === 404 || e.status === 501);

export function BillingPage() {
  return (
    <SignedInPage id="settings.billing" title="Billing and subscriptions">
      {() => <Billing />}
    </SignedInPage>
  );
}

function Billing() {
  const t = useT();
  const methods = useApi('settings:billing:methods', (s) => accounts.paymentMethods(s));
  const subs = useApi('settings:billing:subs', (s) => accounts.subscriptions(s));
  if (unavailable(methods.error) || unavailable(subs.error)) return <NotAvailable />;
  const reload = () => {
    methods.reload();
    subs.reload();
  };
  const failed = (subs.data ?? []).filter((s) => s.renewal_failed || s.status === 'past_due');
  return (
    <>
      {failed.map((s) => (
        <RenewalBanner key={s.id} sub={s} onDone={reload} />
      ))}
      <FormError error={methods.error?.message ?? subs.error?.message} />
      <Subscriptions subs={subs.data} hasMethod={(methods.data ?? []).length > 0} onChange={reload} />
      <Methods methods={methods.data} onChange={reload} />
      <div>
        <Link to="/settings/billing/charges">{t('billing.viewCharges', 'View past charges')}</Link>
      </div>
    </>
  );
}

function RenewalBanner({ sub, onDone }: { sub: Subscription; onDone: () => void }) {
  const t = useT();
  const action = useAction();
  return (
    <div className="set-banner" role="alert" data-testid="renewal-failed">
      <p style={{ margin: '0 0 8px' }}>
        {t('billing.renewalFailed', 'The renewal of {product} failed. Update your payment method and try again to keep its perks.', {
          product: sub.product_name,
        })}
      </p>
      <ActionButton
        action={action}
        primary
        onRun={async () => {
          await accounts.retrySubscription(sub.id);
          onDone();
        }}
      >
        {t('billing.retry', 'Try again')}
      </ActionButton>
      <FormError error={action.error} />
    </div>
  );
}

function Subscriptions({ subs, hasMethod, onChange }: { subs: Subscription[] | undefined; hasMethod: boolean; onChange: () => void }) {
  const t = useT();
  const intl = useIntl();
  const products = useApi('settings:billing:products', (s) => accounts.products(s));
  const action = useAction();
  const live = (subs ?? []).filter((s) => s.status !== 'ended');
  const subscribed = new Set(live.map((s) => s.product_id));
  return (
    <section className="ms-card set-card" data-testid="subscriptions">
      <h2>{t('billing.subscriptions', 'Subscriptions')}</h2>
      {live.length === 0 && (
        <p className="ms-muted" style={{ margin: 0 }}>
          {t('billing.noSubscriptions', 'You have no subscriptions.')}
        </p>
      )}
      <ul className="set-list">
        {live.map((s) => (
          <li key={s.id} className="set-item" data-testid="subscription" data-status={s.status}>
            <div className="set-item__main">
              <span className="set-item__title">
                {s.product_name} · {money(s.amount, s.currency)} / {s.interval === 'yearly' ? t('billing.year', 'year') : t('billing.month', 'month')}
              </span>
              <span className="ms-muted">
                {s.status === 'cancelled'
                  ? t('billing.cancelledUntil', 'Cancelled: perks last until {date}', { date: formatDate(String(s.perks_until ?? s.period_end), intl.locale) })
                  : s.status === 'past_due'
                    ? t('billing.pastDue', 'Renewal failed')
                    : t('billing.renews', 'Renews on {date}', { date: formatDate(s.period_end, intl.locale) })}
              </span>
            </div>
            {s.status === 'cancelled' ? (
              <ActionButton
                action={action}
                onRun={async () => {
                  await accounts.resumeSubscription(s.id);
                  onChange();
                }}
              >
                {t('billing.resume', 'Resume')}
              </ActionButton>
            ) : (
              <ActionButton
                action={action}
                danger
                onRun={async () => {
                  await accounts.cancelSubscription(s.id);
                  onChange();
                }}
              >
                {t('billing.cancel', 'Cancel subscription')}
              </ActionButton>
            )}
          </li>
        ))}
      </ul>
      {(products.data ?? [])
        .filter((p) => !subscribed.has(p.id))
        .map((p) => (
          <div key={p.id} className="set-item">
            <div className="set-item__main">
              <span className="set-item__title">{p.name}</span>
              <span className="ms-muted">{p.description}</span>
            </div>
            <div className="set-row">
              {Object.entries(p.prices).map(([interval, price]) => (
                <ActionButton
                  key={interval}
                  action={action}
                  disabled={!hasMethod}
                  title={hasMethod ? undefined : t('billing.needMethod', 'Add a payment method first.')}
                  onRun={async () => {
                    await accounts.subscribe(p.id, interval);
                    onChange();
                  }}
                >
                  {t('billing.subscribe', 'Subscribe')} · {money(price.amount, price.currency)} /{' '}
                  {interval === 'yearly' ? t('billing.year', 'year') : t('billing.month', 'month')}
                </ActionButton>
              ))}
            </div>
          </div>
        ))}
      <FormError error={action.error} />
    </section>
  );
}

function Methods({ methods, onChange }: { methods: PaymentMethod[] | undefined; onChange: () => void }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const action = useAction();
  return (
    <section className="ms-card set-card" data-testid="payment-methods">
      <h2>{t('billing.methods', 'Payment methods')}</h2>
      {methods && methods.length === 0 && (
        <p className="ms-muted" style={{ margin: 0 }}>
          {t('billing.noMethods', 'You have no payment methods.')}
        </p>
      )}
      <ul className="set-list">
        {(methods ?? []).map((m) => (
          <li key={m.id} className="set-item" data-testid="payment-method" data-brand={m.brand}>
            <div className="set-item__main">
              <span className="set-item__title">
                {m.brand_name}
                {m.last4 ? ` •••• ${m.last4}` : ''}
                {m.primary && <span className="set-badge">{t('billing.primary', 'Primary')}</span>}
              </span>
              {m.exp_month && m.exp_year && (
                <span className="ms-muted">
                  {t('billing.expires', 'Expires {month}/{year}', { month: String(m.exp_month).padStart(2, '0'), year: m.exp_year })}
                </span>
              )}
            </div>
            <div className="set-row">
              {!m.primary && (
                <ActionButton
                  action={action}
                  onRun={async () => {
                    await accounts.makePrimary(m.id);
                    onChange();
                  }}
                >
                  {t('billing.makePrimary', 'Make primary')}
                </ActionButton>
              )}
              <ActionButton
                action={action}
                danger
                onRun={async () => {
                  await accounts.removePaymentMethod(m.id);
                  onChange();
                }}
              >
                {t('billing.remove', 'Remove')}
              </ActionButton>
            </div>
          </li>
        ))}
      </ul>
      <FormError error={action.error} />
      {adding ? (
        <AddCard
          onDone={() => {
            setAdding(false);
            onChange();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div>
          <button type="button" className="ms-btn" onClick={() => setAdding(true)}>
            {t('billing.add', 'Add payment method')}
          </button>
        </div>
      )}
    </section>
  );
}

function AddCard({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const [f, setF] = useState({ number: '', month: '', year: '', cvc: '' });
  const action = useAction();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      await accounts.addPaymentMethod({ number: f.number.replace(/\s/g, ''), exp_month: Number(f.month), exp_year: Number(f.year), cvc: f.cvc || undefined });
      onDone();
    });
  };
  return (
    <form className="set-form" onSubmit={onSubmit}>
      <Field label={t('billing.cardNumber', 'Card number')}>
        <input
          className="ms-input"
          name="card_number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={f.number}
          onChange={(e) => setF({ ...f, number: e.target.value })}
          required
        />
      </Field>
      <div className="set-row">
        <Field label={t('billing.expMonth', 'Month')}>
          <input
            className="ms-input"
            name="exp_month"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            value={f.month}
            onChange={(e) => setF({ ...f, month: e.target.value })}
            required
            size={3}
          />
        </Field>
        <Field label={t('billing.expYear', 'Year')}>
          <input
            className="ms-input"
            name="exp_year"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            value={f.year}
            onChange={(e) => setF({ ...f, year: e.target.value })}
            required
            size={5}
          />
        </Field>
        <Field label="CVC">
          <input
            className="ms-input"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={f.cvc}
            onChange={(e) => setF({ ...f, cvc: e.target.value })}
            size={4}
          />
        </Field>
      </div>
      <FormError error={action.error} />
      <FormButtons submit={t('billing.addSubmit', 'Add card')} busy={action.busy} onCancel={onCancel} />
    </form>
  );
}

export function ChargesPage() {
  return (
    <SignedInPage id="settings.billing" title="Billing and subscriptions">
      {() => <Charges />}
    </SignedInPage>
  );
}

function Charges() {
  const t = useT();
  const intl = useIntl();
  const list = useApi('settings:billing:charges', (s) => accounts.charges(s));
  if (unavailable(list.error)) return <NotAvailable />;
  return (
    <section className="ms-card set-card" data-testid="charges">
      <div className="set-row set-row--between">
        <h2>{t('billing.charges', 'Past charges')}</h2>
        <Link to="/settings/billing">{t('billing.back', 'Back to billing')}</Link>
      </div>
      <FormError error={list.error?.message} />
      {list.data && list.data.length === 0 && (
        <p className="ms-muted" style={{ margin: 0 }}>
          {t('billing.noCharges', 'No charges yet.')}
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <table className="set-table">
          <thead>
            <tr>
              <th>{t('billing.date', 'Date')}</th>
              <th>{t('apps.description', 'Description')}</th>
              <th>{t('billing.amount', 'Amount')}</th>
              <th>{t('billing.status', 'Status')}</th>
              <th>{t('billing.method', 'Method')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c: Charge) => (
              <tr key={c.id} data-testid="charge" data-status={c.status}>
                <td>{formatDate(c.created, intl.locale)}</td>
                <td>{c.description}</td>
                <td>{money(c.amount, c.currency)}</td>
                <td>{c.status === 'failed' ? t('billing.failed', 'Failed') : t('billing.succeeded', 'Paid')}</td>
                <td>{c.payment_method ? `${c.payment_method.brand_name}${c.payment_method.last4 ? ` •••• ${c.payment_method.last4}` : ''}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
