import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip as ChartTooltip, XAxis, YAxis } from 'recharts';
import { errorText, Field, formatDate, formatMoney, FormError, invalidateApiCache, useApi, usePageMeta, useT, type Translate } from '@modshelf/web-kit';
import { Dialog, Loading, useAction, useUser } from '../common';
import {
  METHOD_LABELS,
  checkAmount,
  counts,
  methodLimits,
  payouts,
  withdrawalTotals,
  type AmountCheck,
  type Fees,
  type PayoutMethod,
  type Transfer,
} from '../lib/revenue';

/**
 * /dashboard/revenue (balance, withdrawal totals per year and per method, chart),
 * /revenue/transfers (history, cancel while in transit), /revenue/withdraw (method, amount,
 * fee preview, confirm). Figures come from /v2/payout (revenue follows counted downloads of
 * monetized projects); money is floored to cents.
 */
export function RevenuePage({ part }: { part: 'balance' | 'transfers' | 'withdraw' }) {
  const t = useT();
  const title =
    part === 'transfers' ? t('revenue.transfers', 'Transfer history') : part === 'withdraw' ? t('revenue.withdraw', 'Withdraw') : t('nav.revenue', 'Revenue');
  usePageMeta(title);
  return (
    <div className="dash-stack" data-testid={`revenue-${part}`}>
      <h1>{title}</h1>
      <nav className="dash-row" aria-label={t('nav.revenue', 'Revenue')}>
        <Link to="/dashboard/revenue" aria-current={part === 'balance' ? 'page' : undefined}>
          {t('revenue.overview', 'Overview')}
        </Link>
        <Link to="/dashboard/revenue/transfers" aria-current={part === 'transfers' ? 'page' : undefined}>
          {t('revenue.transfers', 'Transfer history')}
        </Link>
        <Link to="/dashboard/revenue/withdraw" aria-current={part === 'withdraw' ? 'page' : undefined}>
          {t('revenue.withdraw', 'Withdraw')}
        </Link>
      </nav>
      {part === 'balance' ? <Overview /> : part === 'transfers' ? <Transfers /> : <Withdraw />}
    </div>
  );
}

const money = (s: string | number | null | undefined) => formatMoney(Number(s ?? 0));

function useBalance(userId: string) {
  return useApi(`dashboard:payout-balance:${userId}`, (s) => payouts.balance(s));
}
function useHistory(userId: string) {
  return useApi(`dashboard:payout-history:${userId}`, (s) => payouts.history(s));
}

function methodName(t: Translate, method: string | null) {
  if (method === 'paypal') return t('revenue.method.paypal', 'PayPal');
  if (method === 'venmo') return t('revenue.method.venmo', 'Venmo');
  if (method === 'tremendous') return t('revenue.method.tremendous', 'Gift card');
  return method ?? t('status.unknown', 'Unknown');
}

function Overview() {
  const t = useT();
  const user = useUser();
  const balance = useBalance(user.id);
  const history = useHistory(user.id);
  if (!balance.data || !history.data) {
    const error = balance.error ?? history.error;
    return error ? <p className="ms-error">{errorText(error)}</p> : <Loading />;
  }
  const b = balance.data;
  const totals = withdrawalTotals(history.data);
  const chart = [...totals.byYear].reverse().map((y) => ({ name: y.key, value: Math.floor(y.amount * 100 + 1e-7) / 100 }));
  const nextDate = Object.keys(b.dates).sort()[0];
  return (
    <>
      <dl className="dash-figures ms-card">
        <div>
          <dt>{t('revenue.available', 'Available now')}</dt>
          <dd data-testid="revenue-available">{money(b.available)}</dd>
        </div>
        <div>
          <dt>{t('revenue.pending', 'Pending')}</dt>
          <dd data-testid="revenue-pending">{money(b.pending)}</dd>
        </div>
        <div>
          <dt>{t('revenue.withdrawn', 'Withdrawn (all time)')}</dt>
          <dd data-testid="revenue-withdrawn">{money(b.withdrawn_lifetime)}</dd>
        </div>
        <div>
          <dt>{t('revenue.withdrawnYtd', 'Withdrawn this year')}</dt>
          <dd data-testid="revenue-withdrawn-ytd">{money(b.withdrawn_ytd)}</dd>
        </div>
      </dl>
      <p className="ms-muted">
        {nextDate
          ? t('revenue.pendingNext', 'Revenue is held for a while before it can be withdrawn; the next part becomes available on {date}.', {
              date: formatDate(nextDate),
            })
          : t('revenue.howItWorks', 'Monetized public projects earn revenue from counted downloads. It is held for a while, then it can be withdrawn.')}
      </p>
      <div className="dash-row">
        <Link className="ms-btn ms-btn--primary" to="/dashboard/revenue/withdraw" data-testid="revenue-withdraw-link">
          {t('revenue.withdraw', 'Withdraw')}
        </Link>
        <Link className="ms-btn" to="/dashboard/revenue/transfers">
          {t('revenue.transfers', 'Transfer history')}
        </Link>
      </div>
      <section className="ms-card dash-card" aria-label={t('revenue.perYear', 'Withdrawals per year')}>
        <h2>{t('revenue.perYear', 'Withdrawals per year')}</h2>
        {totals.byYear.length === 0 ? (
          <p className="ms-muted" data-testid="revenue-no-withdrawals">
            {t('revenue.noWithdrawals', 'You have not withdrawn anything yet.')}
          </p>
        ) : (
          <>
            <div className="dash-chart" data-testid="revenue-chart" style={{ height: 220 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={chart} margin={{ left: 8, right: 16, top: 8, bottom: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="name" />
                  <YAxis tickFormatter={(v: number) => money(v)} width={80} />
                  <ChartTooltip formatter={(v) => money(Number(v))} />
                  <Bar dataKey="value" name={t('revenue.withdrawnShort', 'Withdrawn')} fill="var(--ms-accent, #1bd96a)" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <table className="dash-table" data-testid="revenue-by-year">
              <thead>
                <tr>
                  <th>{t('revenue.year', 'Year')}</th>
                  <th>{t('revenue.count', 'Transfers')}</th>
                  <th>{t('revenue.amount', 'Amount')}</th>
                </tr>
              </thead>
              <tbody>
                {totals.byYear.map((y) => (
                  <tr key={y.key} data-year={y.key}>
                    <td>{y.key}</td>
                    <td>{y.count}</td>
                    <td>{money(y.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section className="ms-card dash-card" aria-label={t('revenue.perMethod', 'Withdrawals per method')}>
        <h2>{t('revenue.perMethod', 'Withdrawals per method')}</h2>
        {totals.byMethod.length === 0 ? (
          <p className="ms-muted">{t('revenue.noWithdrawals', 'You have not withdrawn anything yet.')}</p>
        ) : (
          <table className="dash-table" data-testid="revenue-by-method">
            <thead>
              <tr>
                <th>{t('revenue.method', 'Method')}</th>
                <th>{t('revenue.count', 'Transfers')}</th>
                <th>{t('revenue.amount', 'Amount')}</th>
              </tr>
            </thead>
            <tbody>
              {totals.byMethod.map((m) => (
                <tr key={m.key} data-method={m.key}>
                  <td>{methodName(t, m.key)}</td>
                  <td>{m.count}</td>
                  <td>{money(m.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function statusLabel(t: Translate, s: Transfer['status']) {
  const labels: Record<string, string> = {
    success: t('revenue.status.success', 'Paid'),
    'in-transit': t('revenue.status.inTransit', 'In transit'),
    cancelled: t('revenue.status.cancelled', 'Cancelled'),
    cancelling: t('revenue.status.cancelling', 'Cancelling'),
    failed: t('revenue.status.failed', 'Failed (returned)'),
  };
  return labels[s] ?? t('status.unknown', 'Unknown');
}

function Transfers() {
  const t = useT();
  const user = useUser();
  const history = useHistory(user.id);
  const action = useAction();
  if (!history.data) return history.error ? <p className="ms-error">{errorText(history.error)}</p> : <Loading />;
  const cancel = async (id: string) => {
    const ok = await action.run(() => payouts.cancel(id), t('revenue.cancelled', 'Transfer cancelled: the money is back in your balance'));
    if (ok !== undefined) {
      invalidateApiCache('dashboard:payout-');
      history.reload();
    }
  };
  if (history.data.length === 0) {
    return (
      <p className="ms-muted" data-testid="transfers-empty">
        {t('revenue.noTransfers', 'No transfers yet.')}
      </p>
    );
  }
  return (
    <section className="ms-card dash-card">
      <FormError error={action.error} />
      <table className="dash-table" data-testid="transfers">
        <thead>
          <tr>
            <th>{t('revenue.date', 'Date')}</th>
            <th>{t('revenue.amount', 'Amount')}</th>
            <th>{t('revenue.fee', 'Fee')}</th>
            <th>{t('revenue.method', 'Method')}</th>
            <th>{t('revenue.recipient', 'Recipient')}</th>
            <th>{t('revenue.statusHead', 'Status')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {history.data.map((p) => (
            <tr
              key={p.id}
              data-testid="transfer-row"
              data-transfer-id={p.id}
              data-status={p.status}
              data-method={p.method ?? ''}
              data-year={p.created.slice(0, 4)}
            >
              <td>{formatDate(p.created)}</td>
              <td className={counts(p) ? undefined : 'ms-muted'}>{money(p.amount)}</td>
              <td>{money(p.fee)}</td>
              <td>{methodName(t, p.method)}</td>
              <td>{p.method_address ?? '—'}</td>
              <td>{statusLabel(t, p.status)}</td>
              <td>
                {p.status === 'in-transit' && (
                  <button type="button" className="ms-btn" disabled={action.busy} onClick={() => void cancel(p.id)}>
                    {t('revenue.cancel', 'Cancel')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function amountMessage(t: Translate, c: AmountCheck, m: PayoutMethod | undefined): string | null {
  if (c.ok || c.reason === 'empty') return null;
  if (c.reason === 'invalid') return t('revenue.err.invalid', 'Enter an amount in dollars, with at most two decimals.');
  if (c.reason === 'over') return t('revenue.err.over', 'You do not have enough funds: at most {amount} is available.', { amount: money(c.limit) });
  if (c.reason === 'below') return t('revenue.err.below', 'The minimum for this method is {amount}.', { amount: money(c.limit) });
  if (c.reason === 'above') return t('revenue.err.above', 'The maximum for this method is {amount}.', { amount: money(c.limit) });
  const l = m ? methodLimits(m) : null;
  return t('revenue.err.fixed', 'This gift card comes only in these amounts: {values}.', { values: l && 'values' in l ? l.values.map(money).join(', ') : '' });
}

function Withdraw() {
  const t = useT();
  const user = useUser();
  const navigate = useNavigate();
  const balance = useBalance(user.id);
  const methods = useApi('dashboard:payout-methods', (s) => payouts.methods(s));
  const saved = useApi(`dashboard:payout-recipients:${user.id}`, (s) => payouts.recipients(s));
  const [methodId, setMethodId] = useState('');
  const [amount, setAmount] = useState('');
  const [recipient, setRecipient] = useState<string | null>(null);
  const [fees, setFees] = useState<Fees | null>(null);
  const [confirming, setConfirming] = useState(false);
  const action = useAction();

  const method = useMemo(() => methods.data?.find((m) => m.id === methodId) ?? methods.data?.[0], [methods.data, methodId]);
  const available = Number(balance.data?.available ?? 0);
  const check = checkAmount(amount, available, method);
  const problem = amountMessage(t, check, method);
  const recipientValue =
    recipient ?? (method ? (saved.data?.[method.type] ?? (method.type === 'venmo' ? '' : ((user as { email?: string | null }).email ?? ''))) : '');

  useEffect(() => {
    setFees(null);
    if (!method || !check.ok) return;
    let live = true;
    const timer = setTimeout(() => {
      payouts.fees({ amount: check.amount, method: method.type, method_id: method.id }).then(
        (f) => live && setFees(f),
        () => live && setFees(null),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [method, check.ok, check.ok ? check.amount : 0]);

  if (!balance.data || !methods.data) {
    const error = balance.error ?? methods.error;
    return error ? <p className="ms-error">{errorText(error)}</p> : <Loading />;
  }
  const limits = method ? methodLimits(method) : null;
  const submit = async () => {
    if (!method || !check.ok) return;
    const r = await action.run(
      () => payouts.withdraw({ amount: check.amount, method: method.type, method_id: method.id, recipient: recipientValue.trim() || undefined }),
      t('revenue.requested', 'Withdrawal requested: it is on its way'),
    );
    setConfirming(false);
    if (r !== undefined) {
      invalidateApiCache('dashboard:payout-');
      navigate('/dashboard/revenue/transfers');
    }
  };

  return (
    <section className="ms-card dash-card">
      <p data-testid="withdraw-available">{t('revenue.availableToWithdraw', 'Available to withdraw: {amount}', { amount: money(balance.data.available) })}</p>
      <form
        className="dash-stack"
        data-testid="withdraw-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (check.ok) setConfirming(true);
        }}
      >
        <Field label={t('revenue.method', 'Method')}>
          <select
            value={method?.id ?? ''}
            onChange={(e) => {
              setMethodId(e.target.value);
              setRecipient(null);
            }}
          >
            {methods.data.map((m) => (
              <option key={m.id} value={m.id}>{`${METHOD_LABELS[m.type] ?? m.type}: ${m.name}`}</option>
            ))}
          </select>
        </Field>
        <Field
          label={t('revenue.amountUsd', 'Amount (USD)')}
          hint={
            limits
              ? 'values' in limits
                ? t('revenue.fixedHint', 'Available amounts: {values}', { values: limits.values.map(money).join(', ') })
                : t('revenue.rangeHint', 'Between {min} and {max}', { min: money(limits.min), max: money(limits.max) })
              : undefined
          }
          error={problem}
        >
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" data-testid="withdraw-amount" />
        </Field>
        <Field
          label={method?.type === 'venmo' ? t('revenue.venmoHandle', 'Venmo handle') : t('revenue.recipientEmail', 'Recipient e-mail')}
          hint={t('revenue.recipientHint', 'Kept privately for your next withdrawal; forgotten when you delete your account.')}
        >
          <input value={recipientValue} onChange={(e) => setRecipient(e.target.value)} data-testid="withdraw-recipient" />
        </Field>
        <p data-testid="withdraw-fee">
          {fees
            ? t('revenue.feePreview', 'Fee {fee}: you receive {net}.', { fee: money(fees.fee), net: money(fees.net_usd) })
            : t('revenue.feeUnknown', 'The fee shows once the amount is valid.')}
        </p>
        <FormError error={action.error} />
        <div className="dash-row">
          <button type="submit" className="ms-btn ms-btn--primary" disabled={!check.ok || action.busy} data-testid="withdraw-submit">
            {t('revenue.withdraw', 'Withdraw')}
          </button>
        </div>
      </form>
      {confirming && method && check.ok && (
        <Dialog title={t('revenue.confirmTitle', 'Confirm the withdrawal')} onClose={() => setConfirming(false)}>
          <p data-testid="withdraw-confirm-text">
            {t('revenue.confirmText', 'Send {amount} by {method} to {recipient}? The fee is {fee}.', {
              amount: money(check.amount),
              method: methodName(t, method.type),
              recipient: recipientValue || '—',
              fee: money(fees?.fee ?? 0),
            })}
          </p>
          <div className="dash-row">
            <button type="button" className="ms-btn" onClick={() => setConfirming(false)}>
              {t('common.cancel', 'Cancel')}
            </button>
            <button type="button" className="ms-btn ms-btn--primary" disabled={action.busy} onClick={() => void submit()} data-testid="withdraw-confirm">
              {t('revenue.confirm', 'Confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
