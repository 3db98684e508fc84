import { lazy, Suspense, useMemo, useState } from 'react';
import { apiFetch, type Query } from '../api';
import { useApi } from '../use-api';
import {
  ANALYTICS_RANGES,
  mergeSeries,
  rangeQuery,
  toCsv,
  totalsOf,
  type AnalyticsAnswers,
  type AnalyticsMetric,
  type AnalyticsRange,
  type Series,
} from './series';
import type { ChartLine } from './TimeSeriesChart';

const TimeSeriesChart = lazy(() => import('./TimeSeriesChart'));

export interface AnalyticsPanelLabels {
  title: string;
  ranges: Record<AnalyticsRange, string>;
  metrics: Record<AnalyticsMetric, string>;
  gained: string;
  lost: string;
  exportCsv: string;
  loading: string;
  noProjects: string;
  /** "{total} in this range" style caption: the total is passed in */
  total: (value: string) => string;
}

export interface AnalyticsPanelProps {
  /** the projects to chart; undefined: every project the caller may see analytics of */
  projectIds?: string[];
  /** the oldest project's creation time: where "all" starts */
  since?: string | null;
  labels: AnalyticsPanelLabels;
  /** file name of the CSV export, without extension */
  fileName: string;
  formatNumber: (n: number) => string;
  formatMoney: (n: number) => string;
}

async function fetchAnswers(q: Query, signal: AbortSignal): Promise<AnalyticsAnswers> {
  const get = <T,>(metric: string) => apiFetch<Series<T>>(`/analytics/${metric}`, { query: q, signal });
  const [downloads, views, followers, revenue] = await Promise.all([
    get<number>('downloads'),
    get<number>('views'),
    get<{ gained: number; lost: number }>('followers'),
    // revenue needs VIEW_PAYOUTS on every project: without it the panel shows the rest
    get<number>('revenue').catch(() => undefined),
  ]);
  return { downloads, views, followers, revenue };
}

/**
 * Analytics over time: a range picker (7 d, 30 d, 90 d, 1 y, all), one chart per metric (downloads,
 * page views, followers gained and lost, revenue when the caller may see it) and a CSV export.
 */
export function AnalyticsPanel({ projectIds, since, labels, fileName, formatNumber, formatMoney }: AnalyticsPanelProps) {
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const [metric, setMetric] = useState<AnalyticsMetric>('downloads');
  // the range ends now; recomputed when the range changes (not every render, which would refetch)
  const q = useMemo(() => rangeQuery(range, Date.now(), since), [range, since]);
  const ids = projectIds ? JSON.stringify(projectIds) : undefined;
  const key = projectIds && projectIds.length === 0 ? null : `analytics:${ids ?? 'mine'}:${q.start_date.slice(0, 10)}:${q.resolution_minutes}`;
  const answers = useApi(key, (signal) => fetchAnswers({ ...q, project_ids: ids }, signal));
  const rows = useMemo(() => (answers.data ? mergeSeries(answers.data, q) : []), [answers.data, q]);
  const totals = totalsOf(rows);
  const hasRevenue = !!answers.data?.revenue;
  const metrics: AnalyticsMetric[] = hasRevenue ? ['downloads', 'views', 'followers', 'revenue'] : ['downloads', 'views', 'followers'];
  const shown = metrics.includes(metric) ? metric : 'downloads';
  const lines: ChartLine[] =
    shown === 'followers'
      ? [
          { key: 'followers_gained', name: labels.gained, color: 'var(--ms-accent, #1bd96a)' },
          { key: 'followers_lost', name: labels.lost, color: 'var(--ms-red, #e5484d)' },
        ]
      : [{ key: shown, name: labels.metrics[shown], color: 'var(--ms-accent, #1bd96a)' }];
  const format = shown === 'revenue' ? formatMoney : formatNumber;
  const total = shown === 'followers' ? `+${formatNumber(totals.followers_gained)} / −${formatNumber(totals.followers_lost)}` : format(totals[shown]);

  const exportCsv = () => {
    const blob = new Blob([toCsv(rows, hasRevenue)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${fileName}-${range}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <section className="ms-card ms-analytics" aria-label={labels.title} data-testid="analytics-panel">
      <div className="ms-analytics__bar">
        <div className="ms-analytics__group" role="group" aria-label={labels.title}>
          {ANALYTICS_RANGES.map((r) => (
            <button key={r} type="button" className="ms-btn" aria-pressed={range === r} data-range={r} onClick={() => setRange(r)}>
              {labels.ranges[r]}
            </button>
          ))}
        </div>
        <button type="button" className="ms-btn" onClick={exportCsv} disabled={!answers.data} data-testid="analytics-csv">
          {labels.exportCsv}
        </button>
      </div>
      <div className="ms-analytics__group" role="tablist" aria-label={labels.title}>
        {metrics.map((m) => (
          <button key={m} type="button" role="tab" className="ms-btn" aria-selected={shown === m} data-metric={m} onClick={() => setMetric(m)}>
            {labels.metrics[m]}
          </button>
        ))}
      </div>
      {key === null ? (
        <p className="ms-muted">{labels.noProjects}</p>
      ) : answers.error ? (
        <p className="ms-error" role="alert">
          {answers.error.message}
        </p>
      ) : !answers.data ? (
        <p className="ms-muted">{labels.loading}</p>
      ) : (
        <>
          <p data-testid="analytics-total">
            <strong>{total}</strong> <span className="ms-muted">{labels.total(labels.metrics[shown])}</span>
          </p>
          <div className="ms-analytics__chart" data-testid="analytics-timeseries" style={{ height: 260 }}>
            <Suspense fallback={<p className="ms-muted">{labels.loading}</p>}>
              <TimeSeriesChart rows={rows} lines={lines} format={format} />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}
