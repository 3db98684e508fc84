import { Link, useParams } from 'react-router';
import { useIntl } from 'react-intl';
import {
  api,
  apiFetch,
  formatCategory,
  formatDate,
  formatRelativeTime,
  NotFound,
  projectPath,
  ThreadView,
  useApi,
  usePageMeta,
  userPath,
  useT,
  type Translate,
  type User,
} from '@modshelf/web-kit';
import { Loading, useUser } from '../common';
import { dashboard, type Report } from '../lib/api';

function itemTypeLabel(t: Translate, type: string): string {
  if (type === 'project') return t('reports.project', 'Project');
  if (type === 'version') return t('reports.version', 'Version');
  if (type === 'user') return t('reports.user', 'User');
  return type;
}

/** Where a reported item lives on the site, and what to call it. */
function useItems(reports: readonly Report[]) {
  const projectIds = [...new Set(reports.filter((r) => r.item_type === 'project').map((r) => r.item_id))];
  const versionIds = [...new Set(reports.filter((r) => r.item_type === 'version').map((r) => r.item_id))];
  const userIds = [...new Set(reports.filter((r) => r.item_type === 'user').map((r) => r.item_id))];
  const projects = useApi(projectIds.length ? `dashboard:rprojects:${projectIds.join(',')}` : null, (s) => dashboard.projects(projectIds, s));
  const versions = useApi(versionIds.length ? `dashboard:rversions:${versionIds.join(',')}` : null, (s) => api.versions(versionIds, s));
  const users = useApi(userIds.length ? `dashboard:rusers:${userIds.join(',')}` : null, (s) =>
    apiFetch<User[]>('/users', { signal: s, query: { ids: JSON.stringify(userIds) } }),
  );
  return (r: Report): { label: string; href: string | null } => {
    if (r.item_type === 'project') {
      const p = projects.data?.find((x) => x.id === r.item_id);
      return p ? { label: p.title, href: projectPath(p) } : { label: r.item_id, href: null };
    }
    if (r.item_type === 'version') {
      const v = versions.data?.find((x) => x.id === r.item_id);
      return v
        ? { label: `${v.name || v.version_number}`, href: `/project/${encodeURIComponent(v.project_id)}/version/${encodeURIComponent(v.id)}` }
        : { label: r.item_id, href: null };
    }
    if (r.item_type === 'user') {
      const u = users.data?.find((x) => x.id === r.item_id);
      return u ? { label: u.username, href: userPath(u) } : { label: r.item_id, href: null };
    }
    return { label: r.item_id, href: null };
  };
}

/** /dashboard/reports: the reports you filed that are still open. */
export function ReportsPage() {
  const t = useT();
  const intl = useIntl();
  usePageMeta(t('nav.reports', 'Active reports'));
  const user = useUser();
  // staff get everyone's open reports from this route: the dashboard lists only the ones you filed
  const all = useApi('dashboard:reports', (s) => dashboard.reports(s));
  const reports = { ...all, data: all.data?.filter((r) => r.reporter === user.id) };
  const item = useItems(reports.data ?? []);
  return (
    <div className="dash-stack">
      <h1>{t('nav.reports', 'Active reports')}</h1>
      {!reports.data ? (
        reports.error ? (
          <p className="ms-error">{reports.error.message}</p>
        ) : (
          <Loading />
        )
      ) : reports.data.length === 0 ? (
        <p className="ms-muted">{t('reports.none', 'You have no active reports.')}</p>
      ) : (
        <ul className="dash-list dash-list--plain">
          {reports.data.map((r) => {
            const it = item(r);
            return (
              <li key={r.id} className="ms-card dash-card" data-testid="report">
                <h2>
                  <Link to={`/dashboard/report/${encodeURIComponent(r.id)}`}>
                    {t('reports.title', '{type} {name} reported for {reason}', {
                      type: itemTypeLabel(t, r.item_type),
                      name: it.label,
                      reason: formatCategory(r.report_type),
                    })}
                  </Link>
                </h2>
                <p className="ms-muted" title={r.created}>
                  {formatRelativeTime(r.created, intl.locale)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** /dashboard/report/{id}: one report you filed. */
export function ReportPage() {
  const t = useT();
  const { id = '' } = useParams();
  const report = useApi(`dashboard:report:${id}`, (s) => dashboard.report(id, s));
  const item = useItems(report.data ? [report.data] : []);
  usePageMeta(t('reports.one', 'Report'));
  if (report.error) return <NotFound path={`/dashboard/report/${id}`} />;
  if (!report.data) return <Loading />;
  const r = report.data;
  const it = item(r);
  return (
    <div className="dash-stack" data-testid="report-page">
      <Link to="/dashboard/reports">← {t('reports.back', 'All reports')}</Link>
      <h1>{t('reports.one', 'Report')}</h1>
      <dl className="dash-details ms-card">
        <dt>{t('reports.item', 'Reported item')}</dt>
        <dd>
          {itemTypeLabel(t, r.item_type)}: {it.href ? <Link to={it.href}>{it.label}</Link> : it.label}
        </dd>
        <dt>{t('reports.reason', 'Reason')}</dt>
        <dd>{formatCategory(r.report_type)}</dd>
        <dt>{t('reports.filed', 'Filed')}</dt>
        <dd>{formatDate(r.created)}</dd>
        <dt>{t('reports.state', 'State')}</dt>
        <dd>{r.closed ? t('reports.closed', 'Closed') : t('reports.open', 'Open')}</dd>
      </dl>
      <section className="ms-card dash-card">
        <h2>{t('reports.body', 'Details')}</h2>
        <p className="dash-pre">{r.body || t('reports.noBody', 'No details given.')}</p>
      </section>
      {r.thread_id && (
        <section className="ms-card dash-card" data-testid="report-thread">
          <h2>{t('reports.thread', 'Messages with the moderators')}</h2>
          <ThreadView threadId={r.thread_id} kind="conversation" canPost={!r.closed} />
        </section>
      )}
    </div>
  );
}
