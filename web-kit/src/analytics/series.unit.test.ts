import { describe, expect, it } from 'vitest';
import { mergeSeries, rangeQuery, toCsv, totalsOf } from './series';

const now = Date.parse('2026-03-10T15:30:00Z');
const sec = (day: string) => String(Date.parse(`${day}T00:00:00Z`) / 1000);

describe('analytics series', () => {
  it('asks for daily buckets up to 90 days and weekly beyond', () => {
    expect(rangeQuery('7d', now)).toEqual({ start_date: '2026-03-04T00:00:00.000Z', end_date: '2026-03-10T15:30:00.000Z', resolution_minutes: 1440 });
    expect(rangeQuery('90d', now).resolution_minutes).toBe(1440);
    expect(rangeQuery('1y', now).resolution_minutes).toBe(7 * 1440);
    expect(rangeQuery('all', now, '2026-02-01T10:00:00Z')).toMatchObject({ start_date: '2026-02-01T00:00:00.000Z', resolution_minutes: 1440 });
    expect(rangeQuery('all', now, '2024-01-01T00:00:00Z').resolution_minutes).toBe(7 * 1440);
  });

  it('merges the answers into one zero-filled row per bucket, for all projects or one', () => {
    const q = rangeQuery('7d', now);
    const answers = {
      downloads: { a: { [sec('2026-03-05')]: 3 }, b: { [sec('2026-03-05')]: 2, [sec('2026-03-10')]: 1 } },
      views: { a: { [sec('2026-03-04')]: 9 } },
      followers: { a: { [sec('2026-03-06')]: { gained: 2, lost: 1 } } },
      revenue: { a: { [sec('2026-03-05')]: 0.1 }, b: { [sec('2026-03-05')]: 0.2 } },
    };
    const rows = mergeSeries(answers, q);
    expect(rows.map((r) => r.date)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(rows[1]).toMatchObject({ downloads: 5, revenue: 0.3 });
    expect(totalsOf(rows)).toEqual({ downloads: 6, views: 9, followers_gained: 2, followers_lost: 1, revenue: 0.3 });
    expect(totalsOf(mergeSeries(answers, q, 'b')).downloads).toBe(3);
  });

  it('exports CSV, revenue only when shown', () => {
    const rows = mergeSeries({ downloads: { a: { [sec('2026-03-10')]: 4 } }, views: {}, followers: {} }, rangeQuery('7d', now));
    const csv = toCsv(rows, false).split('\r\n');
    expect(csv[0]).toBe('date,downloads,views,followers_gained,followers_lost');
    expect(csv).toContain('2026-03-10,4,0,0,0');
    expect(toCsv(rows, true).split('\r\n')[0]).toMatch(/,revenue_usd$/);
  });
});
