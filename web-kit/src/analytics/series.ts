/**
 * Analytics over time in the browser: the range picker's ranges, the query each asks the API for
 * (GET /v2/analytics/{downloads,views,revenue,followers}), the answers merged into one row per
 * bucket (empty buckets filled with zeros, as the API leaves them out), and the CSV export.
 */

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<AnalyticsRange, number | null> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: null };

export interface RangeQuery {
  start_date: string;
  end_date: string;
  resolution_minutes: number;
}

/**
 * The query for a range ending now: daily buckets up to 90 days, weekly beyond. `all` starts at
 * `since` (the oldest project's creation), or a year back when unknown.
 */
export function rangeQuery(range: AnalyticsRange, now: number, since?: string | null): RangeQuery {
  const days = RANGE_DAYS[range];
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  let start = days === null ? (since ? Math.floor(Date.parse(since) / DAY_MS) * DAY_MS : today - 364 * DAY_MS) : today - (days - 1) * DAY_MS;
  if (!Number.isFinite(start) || start > today) start = today;
  const span = (today - start) / DAY_MS + 1;
  return { start_date: new Date(start).toISOString(), end_date: new Date(now).toISOString(), resolution_minutes: span > 90 ? 7 * 1440 : 1440 };
}

/** project id -> bucket start (unix seconds) -> value, as the API answers. */
export type Series<V = number> = Record<string, Record<string, V>>;

export interface AnalyticsAnswers {
  downloads: Series;
  views: Series;
  followers: Series<{ gained: number; lost: number }>;
  /** absent when the caller may not see revenue */
  revenue?: Series;
}

export interface AnalyticsRow {
  /** bucket start, unix seconds */
  t: number;
  /** YYYY-MM-DD of the bucket start (UTC) */
  date: string;
  downloads: number;
  views: number;
  followers_gained: number;
  followers_lost: number;
  revenue: number;
}

export type AnalyticsMetric = 'downloads' | 'views' | 'followers' | 'revenue';

/** One row per bucket of the range, every project summed (or only `projectId`'s). */
export function mergeSeries(answers: AnalyticsAnswers, q: RangeQuery, projectId?: string): AnalyticsRow[] {
  const width = q.resolution_minutes * 60;
  const first = Math.floor(Date.parse(q.start_date) / 1000 / width) * width;
  const last = Math.floor(Date.parse(q.end_date) / 1000 / width) * width;
  const rows = new Map<number, AnalyticsRow>();
  for (let t = first; t <= last; t += width) {
    rows.set(t, { t, date: new Date(t * 1000).toISOString().slice(0, 10), downloads: 0, views: 0, followers_gained: 0, followers_lost: 0, revenue: 0 });
  }
  const pick = <V>(s: Series<V> | undefined) =>
    Object.entries(s ?? {})
      .filter(([pid]) => projectId === undefined || pid === projectId)
      .map(([, b]) => b);
  const each = <V>(s: Series<V> | undefined, f: (row: AnalyticsRow, v: V) => void) => {
    for (const buckets of pick(s)) {
      for (const [k, v] of Object.entries(buckets)) {
        const row = rows.get(Number(k));
        if (row) f(row, v);
      }
    }
  };
  each(answers.downloads, (r, v) => (r.downloads += v));
  each(answers.views, (r, v) => (r.views += v));
  each(answers.revenue, (r, v) => (r.revenue = Math.round((r.revenue + v) * 1e6) / 1e6));
  each(answers.followers, (r, v) => {
    r.followers_gained += v.gained;
    r.followers_lost += v.lost;
  });
  return [...rows.values()];
}

export interface AnalyticsTotals {
  downloads: number;
  views: number;
  followers_gained: number;
  followers_lost: number;
  revenue: number;
}

export function totalsOf(rows: readonly AnalyticsRow[]): AnalyticsTotals {
  const t: AnalyticsTotals = { downloads: 0, views: 0, followers_gained: 0, followers_lost: 0, revenue: 0 };
  for (const r of rows) {
    t.downloads += r.downloads;
    t.views += r.views;
    t.followers_gained += r.followers_gained;
    t.followers_lost += r.followers_lost;
    t.revenue += r.revenue;
  }
  t.revenue = Math.round(t.revenue * 100) / 100;
  return t;
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** CSV with a header row; revenue only when the caller sees it. */
export function toCsv(rows: readonly AnalyticsRow[], withRevenue: boolean): string {
  const head = ['date', 'downloads', 'views', 'followers_gained', 'followers_lost', ...(withRevenue ? ['revenue_usd'] : [])];
  const lines = rows.map((r) =>
    [r.date, r.downloads, r.views, r.followers_gained, r.followers_lost, ...(withRevenue ? [r.revenue.toFixed(2)] : [])].map(csvCell).join(','),
  );
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
