/** Versions tab of project settings: the version list, in its own scrolling region on phones. */
import { Link } from 'react-router';
import { formatDate, formatNumber, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { has, nextVersionNumber } from './lib';
import { useAccess } from './access';

export function VersionsTab({ data }: { data: ProjectData }) {
  const t = useT();
  const { permissions } = useAccess(data);
  const latest = data.versions[0]?.version_number;
  return (
    <section className="ms-card pset-card" aria-label={t('settings.versions', 'Versions')}>
      <h3>{t('settings.versions', 'Versions')}</h3>
      {has(permissions, 'UPLOAD_VERSION') && (
        <Link className="ms-btn ms-btn--primary" data-testid="new-version" to={`${data.base}/version/${encodeURIComponent(nextVersionNumber(latest))}-new`}>
          {t('settings.newVersion', 'Create a version')}
        </Link>
      )}
      {data.versions.length === 0 ? (
        <p className="ms-muted">{t('versions.none', 'No versions yet.')}</p>
      ) : (
        // a phone scrolls the table, not the page; the region takes focus so a keyboard scrolls it too
        <div className="pset-scroll" role="region" tabIndex={0} aria-label={t('settings.versions', 'Versions')}>
          <table className="pset-table">
            <thead>
              <tr>
                <th>{t('versions.number', 'Version number')}</th>
                <th>{t('versions.name', 'Name')}</th>
                <th>{t('versions.published', 'Published')}</th>
                <th>{t('versions.downloads', 'Downloads')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.versions.map((v) => (
                <tr key={v.id}>
                  <td>
                    <Link to={`${data.base}/version/${encodeURIComponent(v.displayUrlEnding)}`}>{v.version_number}</Link>
                  </td>
                  <td>{v.name}</td>
                  <td>{formatDate(v.date_published)}</td>
                  <td>{formatNumber(v.downloads)}</td>
                  <td>
                    <Link to={`${data.base}/version/${encodeURIComponent(v.displayUrlEnding)}/edit`}>{t('common.edit', 'Edit')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
