/** Analytics tab of project settings: the analytics panel and lifetime figures per version. */
import { analyticsLabels, AnalyticsPanel, formatNumber, formatUsd, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';

export function AnalyticsTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const max = Math.max(1, ...data.versions.map((v) => v.downloads));
  return (
    <>
      <AnalyticsPanel
        projectIds={[p.id]}
        since={p.published}
        labels={analyticsLabels(t)}
        fileName={`${p.slug}-analytics`}
        formatNumber={formatNumber}
        formatMoney={formatUsd}
      />
      <section className="ms-card pset-card" aria-label={t('analytics.lifetime', 'Since the project was created')}>
        <h3>{t('analytics.lifetime', 'Since the project was created')}</h3>
        <div className="pset-row pset-figures">
          <div>
            <strong data-testid="analytics-downloads">{formatNumber(p.downloads)}</strong>{' '}
            <span className="ms-muted">{t('analytics.downloads', 'downloads')}</span>
          </div>
          <div>
            <strong data-testid="analytics-followers">{formatNumber(p.followers)}</strong>{' '}
            <span className="ms-muted">{t('analytics.followers', 'followers')}</span>
          </div>
        </div>
        <ul className="pset-bars" aria-label={t('analytics.perVersion', 'Downloads per version')}>
          {data.versions.map((v) => (
            <li key={v.id}>
              <span className="pset-bars__label">{v.version_number}</span>
              <span className="pset-bars__bar" style={{ width: `${(v.downloads / max) * 100}%` }} />
              <span className="pset-bars__value">{formatNumber(v.downloads)}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
