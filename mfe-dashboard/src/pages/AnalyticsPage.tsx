import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip as ChartTooltip, XAxis, YAxis } from 'recharts';
import { analyticsLabels, AnalyticsPanel, formatNumber, formatUsd, useApi, usePageMeta, useT } from '@modshelf/web-kit';
import { Loading, useUser } from '../common';
import { dashboard } from '../lib/api';
import { projectTotals, summarizeProjects } from '../lib/logic';

/**
 * /dashboard/analytics: your projects' downloads, page views, followers and revenue over time
 * (every project you may see analytics of), then lifetime totals compared across projects.
 */
export function AnalyticsPage() {
  const t = useT();
  const user = useUser();
  usePageMeta(t('nav.analytics', 'Analytics'));
  const projects = useApi(`dashboard:projects:${user.id}`, (s) => dashboard.userProjects(user.id, s));
  const [metric, setMetric] = useState<'downloads' | 'followers'>('downloads');
  if (!projects.data) return projects.error ? <p className="ms-error">{projects.error.message}</p> : <Loading />;
  const sum = summarizeProjects(projects.data);
  const rows = projectTotals(projects.data, metric, 10, t('analytics.other', 'Other'));
  const since = projects.data.reduce<string | null>((min, p) => (!min || p.published < min ? p.published : min), null);
  return (
    <div className="dash-stack">
      <h1>{t('nav.analytics', 'Analytics')}</h1>
      <AnalyticsPanel since={since} labels={analyticsLabels(t)} fileName={`${user.username}-analytics`} formatNumber={formatNumber} formatMoney={formatUsd} />
      <dl className="dash-figures ms-card">
        <div>
          <dt>{t('home.downloads', 'Downloads')}</dt>
          <dd data-testid="total-downloads">{formatNumber(sum.downloads)}</dd>
        </div>
        <div>
          <dt>{t('home.followers', 'Followers')}</dt>
          <dd data-testid="total-followers">{formatNumber(sum.followers)}</dd>
        </div>
        <div>
          <dt>{t('home.total', 'Projects')}</dt>
          <dd>{formatNumber(sum.total)}</dd>
        </div>
      </dl>
      <section className="ms-card dash-card" aria-label={t('analytics.chart', 'Per project')}>
        <div className="dash-card__head">
          <h2>{metric === 'downloads' ? t('analytics.downloadsPer', 'Downloads per project') : t('analytics.followersPer', 'Followers per project')}</h2>
          <div className="dash-row" role="group">
            <button type="button" className="ms-btn" aria-pressed={metric === 'downloads'} onClick={() => setMetric('downloads')}>
              {t('home.downloads', 'Downloads')}
            </button>
            <button type="button" className="ms-btn" aria-pressed={metric === 'followers'} onClick={() => setMetric('followers')}>
              {t('home.followers', 'Followers')}
            </button>
          </div>
        </div>
        <p className="ms-muted">{t('analytics.lifetime', 'Totals since each project was created.')}</p>
        {rows.length === 0 ? (
          <p className="ms-muted">{t('home.noProjects', 'You have no projects yet.')}</p>
        ) : (
          <div className="dash-chart" data-testid="analytics-chart" style={{ height: Math.max(160, rows.length * 36 + 40) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} layout="vertical" margin={{ left: 16, right: 24, top: 8, bottom: 8 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} tickFormatter={(v: number) => formatNumber(v)} />
                <YAxis type="category" dataKey="name" width={160} />
                <ChartTooltip formatter={(v) => formatNumber(Number(v))} />
                <Bar
                  dataKey="value"
                  name={metric === 'downloads' ? t('home.downloads', 'Downloads') : t('home.followers', 'Followers')}
                  fill="var(--ms-accent, #1bd96a)"
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
        <table className="dash-table" data-testid="analytics-table">
          <thead>
            <tr>
              <th>{t('projects.name', 'Name')}</th>
              <th>{t('home.downloads', 'Downloads')}</th>
              <th>{t('home.followers', 'Followers')}</th>
            </tr>
          </thead>
          <tbody>
            {[...projects.data]
              .sort((a, b) => b.downloads - a.downloads)
              .map((p) => (
                <tr key={p.id}>
                  <td>{p.title}</td>
                  <td>{formatNumber(p.downloads)}</td>
                  <td>{formatNumber(p.followers)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
