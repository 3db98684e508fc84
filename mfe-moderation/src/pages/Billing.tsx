import { Link, useParams } from 'react-router';
import { ApiError, ErrorScreen, errorText, useApi, usePageMeta, userPath, useT } from '@modshelf/web-kit';
import { Loading, When } from '../common';
import { moderation } from '../lib/api';
import { formatMinor } from '../lib/logic';

/** /admin/billing/{id|username}: a user's payment methods, subscriptions and charges (admins only). */
export function BillingPage() {
  const t = useT();
  const { id = '' } = useParams();
  const billing = useApi(`moderation:billing:${id}`, (signal) => moderation.billing(id, signal));
  usePageMeta(t('billing.title', 'Billing of {user}', { user: billing.data?.username ?? id }));
  if (billing.error) {
    const status = billing.error instanceof ApiError ? billing.error.status : undefined;
    // the spec's wording for an unknown user
    return <ErrorScreen statusCode={status} message={status === 404 ? t('billing.userNotFound', 'User not found') : errorText(billing.error)} />;
  }
  if (!billing.data) return <Loading />;
  const b = billing.data;
  return (
    <div className="ms-side-page mod-page mod-page--wide">
      <h1>{t('billing.title', 'Billing of {user}', { user: b.username })}</h1>
      <p className="mod-row">
        <Link to={userPath({ username: b.username, id: b.user_id })}>{t('billing.profile', 'Profile')}</Link>
        <Link to={`/moderation/audit/user/${b.user_id}`}>{t('billing.history', 'Account history')}</Link>
      </p>
      <section className="ms-card mod-card">
        <h2>{t('billing.methods', 'Payment methods')}</h2>
        {b.payment_methods.length === 0 ? (
          <p className="ms-muted">{t('billing.noMethods', 'No payment methods.')}</p>
        ) : (
          <ul className="mod-list" data-testid="billing-methods">
            {b.payment_methods.map((m) => (
              <li key={m.id}>
                {m.brand_name} {m.last4 ? `•••• ${m.last4}` : ''} {m.exp_month && m.exp_year ? `${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` : ''}
                {m.primary && <span className="mod-badge">{t('billing.primary', 'Primary')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="ms-card mod-card">
        <h2>{t('billing.subscriptions', 'Subscriptions')}</h2>
        {b.subscriptions.length === 0 ? (
          <p className="ms-muted">{t('billing.noSubscriptions', 'No subscriptions.')}</p>
        ) : (
          <table className="mod-table">
            <thead>
              <tr>
                <th>{t('billing.product', 'Product')}</th>
                <th>{t('billing.price', 'Price')}</th>
                <th>{t('billing.status', 'Status')}</th>
                <th>{t('billing.periodEnd', 'Period ends')}</th>
              </tr>
            </thead>
            <tbody>
              {b.subscriptions.map((s) => (
                <tr key={s.id}>
                  <td>{s.product_name}</td>
                  <td>
                    {formatMinor(s.amount, s.currency)} / {s.interval}
                  </td>
                  <td>
                    <span className="mod-badge">{s.status}</span>
                    {s.renewal_failed ? ` ${t('billing.renewalFailed', 'renewal failed')}` : ''}
                  </td>
                  <td>
                    <When iso={s.period_end} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="ms-card mod-card">
        <h2>{t('billing.charges', 'Charges')}</h2>
        {b.charges.length === 0 ? (
          <p className="ms-muted">{t('billing.noCharges', 'No charges.')}</p>
        ) : (
          <table className="mod-table">
            <thead>
              <tr>
                <th>{t('billing.date', 'Date')}</th>
                <th>{t('billing.description', 'Description')}</th>
                <th>{t('billing.amount', 'Amount')}</th>
                <th>{t('billing.status', 'Status')}</th>
              </tr>
            </thead>
            <tbody>
              {b.charges.map((c) => (
                <tr key={c.id}>
                  <td>
                    <When iso={c.created} />
                  </td>
                  <td>{c.description}</td>
                  <td>{formatMinor(c.amount, c.currency)}</td>
                  <td>
                    <span className={`mod-badge${c.status === 'failed' ? ' mod-badge--danger' : ''}`}>{c.status}</span>
                    {c.reason ? ` ${c.reason}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
