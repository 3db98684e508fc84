import { errorText, formatDate, FormError, invalidateApiCache, useT, type Translate } from '@modshelf/web-kit';
import { Loading, useAction, useUser } from '../common';
import { counts, payouts, type Transfer } from '../lib/revenue';
import { methodName, money, useHistory } from './revenueCommon';

/** /dashboard/revenue/transfers: transfer history, cancel while in transit. */
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

export function Transfers() {
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
