import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, Field, FormError, invalidateApiCache, useApi, useT, type Translate } from '@modshelf/web-kit';
import { Dialog, Loading, useAction, useUser } from '../common';
import { METHOD_LABELS, checkAmount, methodLimits, payouts, type AmountCheck, type Fees, type PayoutMethod } from '../lib/revenue';
import { methodName, money, useBalance } from './revenueCommon';

/** /dashboard/revenue/withdraw: method, amount, fee preview, confirm. */
function amountMessage(t: Translate, c: AmountCheck, m: PayoutMethod | undefined): string | null {
  if (c.ok || c.reason === 'empty') return null;
  if (c.reason === 'invalid') return t('revenue.err.invalid', 'Enter an amount in dollars, with at most two decimals.');
  if (c.reason === 'over') return t('revenue.err.over', 'You do not have enough funds: at most {amount} is available.', { amount: money(c.limit) });
  if (c.reason === 'below') return t('revenue.err.below', 'The minimum for this method is {amount}.', { amount: money(c.limit) });
  if (c.reason === 'above') return t('revenue.err.above', 'The maximum for this method is {amount}.', { amount: money(c.limit) });
  const l = m ? methodLimits(m) : null;
  return t('revenue.err.fixed', 'This gift card comes only in these amounts: {values}.', { values: l && 'values' in l ? l.values.map(money).join(', ') : '' });
}

export function Withdraw() {
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
