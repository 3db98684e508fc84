import { Link } from 'react-router';
import { usePageMeta, useT } from '@modshelf/web-kit';
import { Overview } from './RevenueOverview';
import { Transfers } from './RevenueTransfers';
import { Withdraw } from './RevenueWithdraw';

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
