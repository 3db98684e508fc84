import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText, FormError, useApi, useT } from '@modshelf/web-kit';
import { Loading, ModerationLayout } from '../common';
import { moderation } from '../lib/api';
import { AUDIT_TYPES, type AuditType } from '../lib/logic';

/** /moderation: queue and report counts, and a way into any aggregate's audit timeline. */
export function OverviewPage() {
  const t = useT();
  const stats = useApi('moderation:stats', (signal) => moderation.stats(signal));
  const navigate = useNavigate();
  const [type, setType] = useState<AuditType>('project');
  const [id, setId] = useState('');
  return (
    <ModerationLayout title={t('overview.title', 'Moderation')}>
      <h1>{t('overview.title', 'Moderation')}</h1>
      {stats.error ? (
        <FormError error={errorText(stats.error)} />
      ) : !stats.data ? (
        <Loading />
      ) : (
        <div className="mod-stats">
          <Link className="ms-card mod-stat" to="/moderation/review" data-testid="stat-queue">
            <strong>{stats.data.projects}</strong>
            <span>{t('overview.queue', 'Projects awaiting review')}</span>
          </Link>
          <Link className="ms-card mod-stat" to="/moderation/reports" data-testid="stat-reports">
            <strong>{stats.data.open_reports}</strong>
            <span>{t('overview.openReports', 'Open reports')}</span>
          </Link>
          <div className="ms-card mod-stat">
            <strong>{stats.data.reports}</strong>
            <span>{t('overview.allReports', 'Reports in total')}</span>
          </div>
        </div>
      )}
      <form
        className="ms-card mod-card"
        onSubmit={(e) => {
          e.preventDefault();
          const v = id.trim();
          if (v) navigate(`/moderation/audit/${type}/${encodeURIComponent(v)}`);
        }}
      >
        <h2>{t('overview.audit', 'Audit timeline')}</h2>
        <p className="ms-muted">
          {t('overview.auditHint', 'Every change of a project, version, user, report, organization or collection, with who made it and when.')}
        </p>
        <div className="mod-row">
          <select className="ms-input" value={type} onChange={(e) => setType(e.target.value as AuditType)} aria-label={t('overview.auditType', 'Type')}>
            {AUDIT_TYPES.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
          <input
            className="ms-input"
            value={id}
            onChange={(e) => setId(e.target.value)}
            placeholder={t('overview.auditId', 'ID')}
            aria-label={t('overview.auditId', 'ID')}
          />
          <button type="submit" className="ms-btn ms-btn--primary">
            {t('overview.open', 'Open')}
          </button>
        </div>
      </form>
    </ModerationLayout>
  );
}
