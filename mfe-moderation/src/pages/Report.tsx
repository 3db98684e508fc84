import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, ErrorScreen, errorText, FormError, invalidateApiCache, ThreadView, toasts, useAction, useApi, userPath, useT } from '@modshelf/web-kit';
import { Loading, ModerationLayout, When } from '../common';
import { moderation } from '../lib/api';
import { decisionMessage, reportItemAuditPath, reportItemPath } from '../lib/logic';
import { Timeline } from './Audit';

/** /moderation/report/{id}: the report, its reporter and item, close / reopen, and its history. */
export function ReportPage() {
  const t = useT();
  const { id = '' } = useParams();
  const [after, setAfter] = useState<{ n: number; position: number | null }>({ n: 0, position: null });
  const report = useApi(`moderation:report:${id}:${after.n}`, (signal) => moderation.report(id, signal, after.position));
  const reporterId = report.data?.reporter;
  const reporter = useApi(reporterId ? `moderation:users:${reporterId}` : null, (signal) => moderation.users([reporterId!], signal));
  const timeline = useApi(`moderation:audit:report:${id}:${after.n}`, (signal) => moderation.timeline('report', id, signal, after.position));
  const projectId = report.data?.item_type === 'project' ? report.data.item_id : null;
  const project = useApi(projectId ? `moderation:project:${projectId}` : null, (signal) => moderation.project(projectId!, signal).catch(() => null));
  const [message, setMessage] = useState('');
  const { busy, error, run } = useAction();
  if (report.error) {
    const status = report.error instanceof ApiError ? report.error.status : undefined;
    return <ErrorScreen statusCode={status} message={errorText(report.error)} />;
  }
  const r = report.data;
  const setClosed = (closed: boolean) =>
    run(async () => {
      const position = await moderation.setReportClosed(id, closed, decisionMessage(message));
      setMessage('');
      toasts.add({ type: 'success', title: closed ? t('report.closedToast', 'Report closed') : t('report.reopenedToast', 'Report reopened') });
      invalidateApiCache('moderation:');
      setAfter((a) => ({ n: a.n + 1, position }));
    });
  const name = reporter.data?.[0]?.username;
  return (
    <ModerationLayout title={t('report.title', 'Report')}>
      <p>
        <Link to="/moderation/reports">← {t('report.back', 'All reports')}</Link>
      </p>
      {!r ? (
        <Loading />
      ) : (
        <article className="ms-card mod-card" data-testid="report">
          <h1>
            {t('report.heading', 'Report: {type}', { type: r.report_type })}{' '}
            <span className={`mod-badge${r.closed ? ' mod-badge--muted' : ''}`} data-testid="report-status">
              {r.closed ? t('report.closed', 'Closed') : t('report.open', 'Open')}
            </span>
          </h1>
          <dl className="mod-dl">
            <dt>{t('report.item', 'Reported {type}', { type: r.item_type })}</dt>
            <dd>
              <Link to={reportItemPath(r)}>{project.data ? project.data.title : <code>{r.item_id}</code>}</Link>
              {' · '}
              <Link to={reportItemAuditPath(r)}>{t('report.itemHistory', 'history')}</Link>
            </dd>
            <dt>{t('report.reporter', 'Reporter')}</dt>
            <dd>{name ? <Link to={userPath({ username: name, id: r.reporter })}>{name}</Link> : <code>{r.reporter}</code>}</dd>
            <dt>{t('report.filed', 'Filed')}</dt>
            <dd>
              <When iso={r.created} />
            </dd>
          </dl>
          <blockquote className="mod-body">{r.body}</blockquote>
          <label className="mod-field">
            <span>{t('report.message', 'Message to the reporter (optional)')}</span>
            <textarea className="ms-input" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2048} />
          </label>
          <div className="mod-row">
            {r.closed ? (
              <button type="button" className="ms-btn" disabled={busy} onClick={() => setClosed(false)}>
                {t('report.reopen', 'Reopen')}
              </button>
            ) : (
              <button type="button" className="ms-btn ms-btn--primary" disabled={busy} onClick={() => setClosed(true)}>
                {t('report.close', 'Close report')}
              </button>
            )}
          </div>
          <FormError error={error} />
        </article>
      )}
      {r && (
        <section className="ms-card mod-card" data-testid="report-thread">
          <h2>{t('report.thread', 'Messages with the reporter')}</h2>
          <ThreadView threadId={r.thread_id} kind="conversation" canPost minPosition={after.position ?? 0} />
        </section>
      )}
      <section className="ms-card mod-card">
        <h2>{t('report.history', 'History')}</h2>
        {timeline.error ? <FormError error={errorText(timeline.error)} /> : !timeline.data ? <Loading /> : <Timeline entries={timeline.data} />}
      </section>
    </ModerationLayout>
  );
}
