import { Link } from 'react-router';
import { usePageMeta } from '@modshelf/web-kit';
import { useT } from '../common';

/**
 * /dashboard/revenue, /revenue/transfers, /revenue/withdraw. This deployment's API has no payouts
 * routes (no balance, transfers or withdrawals), so the pages say so rather than show invented figures.
 */
export function RevenuePage({ part }: { part: 'balance' | 'transfers' | 'withdraw' }) {
  const t = useT();
  const title =
    part === 'transfers' ? t('revenue.transfers', 'Transfer history') : part === 'withdraw' ? t('revenue.withdraw', 'Withdraw') : t('nav.revenue', 'Revenue');
  usePageMeta(title);
  return (
    <div className="dash-stack" data-testid="revenue-unavailable">
      <h1>{title}</h1>
      <nav className="dash-row" aria-label={t('nav.revenue', 'Revenue')}>
        <Link to="/dashboard/revenue">{t('nav.revenue', 'Revenue')}</Link>
        <Link to="/dashboard/revenue/transfers">{t('revenue.transfers', 'Transfer history')}</Link>
        <Link to="/dashboard/revenue/withdraw">{t('revenue.withdraw', 'Withdraw')}</Link>
      </nav>
      <section className="ms-card dash-card">
        <h2>{t('revenue.unavailable', 'Not available in this deployment')}</h2>
        <p>
          {t(
            'revenue.unavailableText',
            'Creator payouts are not set up on this site: there is no balance to show, no transfers and nothing to withdraw. Withdrawal totals per year and per method will appear here once payouts are enabled.',
          )}
        </p>
      </section>
    </div>
  );
}
