import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip as ChartTooltip, XAxis, YAxis } from 'recharts';
import { errorText, formatDate, useT } from '@modshelf/web-kit';
import { Loading, useUser } from '../common';
import { withdrawalTotals } from '../lib/revenue';
import { methodName, money, useBalance, useHistory } from './revenueCommon';

/** /dashboard/revenue: balance, withdrawal totals per year (table and chart) and per method. */
export function Overview() {
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
