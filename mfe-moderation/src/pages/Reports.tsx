import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText, FormError, useApi, useT, type User } from '@modshelf/web-kit';
import { Loading, ModerationLayout, When } from '../common';
import { moderation } from '../lib/api';
import { filterReports, type ReportFilter } from '../lib/logic';

export const REPORTS_PAGE = 1000;
const FILTERS: ReportFilter[] = ['open', 'closed', 'all'];

/** /moderation/reports: every report (GET /v2/report?all=true), newest first, filtered open / closed / all. */
export function ReportsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filter = (FILTERS as string[]).includes(params.get('filter') ?? '') ? (params.get('filter') as ReportFilter) : 'open';
  const reports = useApi('moderation:reports', (signal) => moderation.reports(true, REPORTS_PAGE, signal));
  const reporterIds = useMemo(() => [...new Set((reports.data ?? []).map((r) => r.reporter))].sort(), [reports.data]);
  const reporters = useApi(reporterIds.length ? `moderation:users:${reporterIds.join(',')}` : null, (signal) => moderation.users(reporterIds, signal));
  const names = new Map((reporters.data ?? []).map((u: User) => [u.id, u.username]));
  const label: Record<ReportFilter, string> = {
    open: t('reports.open', 'Open'),
    closed: t('reports.closed', 'Closed'),
    all: t('reports.all', 'All'),
  };
  const shown = reports.data ? filterReports(reports.data, filter) : [];
  return (
    <ModerationLayout title={t('reports.title', 'Reports')}>
      <h1>{t('reports.title', 'Reports')}</h1>
      <div className="mod-row" role="tablist">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={f === filter}
            className={`ms-btn${f === filter ? ' ms-btn--primary' : ''}`}
            onClick={() => setParams({ filter: f })}
          >
            {label[f]}
          </button>
        ))}
      </div>
      {reports.error ? (
        <FormError error={errorText(reports.error)} />
      ) : !reports.data ? (
        <Loading />
      ) : shown.length === 0 ? (
        <p className="ms-muted">{t('reports.empty', 'No reports here.')}</p>
      ) : (
        // a phone scrolls the table, not the page; the region takes focus so a keyboard scrolls it too
        <div className="mod-scroll" role="region" tabIndex={0} aria-label={t('reports.title', 'Reports')}>
          <table className="mod-table">
            <thead>
              <tr>
                <th>{t('reports.type', 'Reason')}</th>
                <th>{t('reports.item', 'Item')}</th>
                <th>{t('reports.reporter', 'Reporter')}</th>
                <th>{t('reports.created', 'Filed')}</th>
                <th>{t('reports.status', 'Status')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.id} data-testid="report-row">
                  <td>
                    <Link to={`/moderation/report/${r.id}`}>{r.report_type}</Link>
                  </td>
                  <td>
                    {r.item_type} <code>{r.item_id}</code>
                  </td>
                  <td>{names.get(r.reporter) ?? r.reporter}</td>
                  <td>
                    <When iso={r.created} />
                  </td>
                  <td>
                    <span className={`mod-badge${r.closed ? ' mod-badge--muted' : ''}`}>{r.closed ? label.closed : label.open}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ModerationLayout>
  );
}
