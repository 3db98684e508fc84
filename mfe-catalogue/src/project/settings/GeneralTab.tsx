/** General tab of project settings: name, URL, summary, icon, visibility, status, scheduling and deletion. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Field, FormError, invalidateApiCache, projectPath, SLUG_RE, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { IconPicker } from '../../components/IconPicker';
import { StatusBadge, useSave } from './common';
import { canSubmitForReview, changedFields, has, nextVersionNumber, projectCommands, teamTransitions } from './lib';
import { ScheduleCard } from './ScheduleCard';
import { useAccess } from './access';

const REQUESTED = ['approved', 'unlisted', 'private', 'archived'] as const;

export function GeneralTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const navigate = useNavigate();
  const { permissions } = useAccess(data);
  const canEdit = has(permissions, 'EDIT_DETAILS');
  const [title, setTitle] = useState(p.title);
  const [slug, setSlug] = useState(p.slug ?? '');
  const [summary, setSummary] = useState(p.description);
  const [requested, setRequested] = useState<string>(p.requested_status ?? 'approved');
  const save = useSave(data);
  const status = useSave(data);
  const icon = useSave(data);
  const remove = useSave(data);
  const [confirmDelete, setConfirmDelete] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!SLUG_RE.test(slug)) return save.setError(t('settings.badSlug', 'The URL may hold 3 to 64 letters, digits and -_.'));
    if (title.trim().length < 3) return save.setError(t('settings.shortName', 'The name needs at least 3 characters.'));
    if (summary.trim().length < 3) return save.setError(t('settings.shortSummary', 'The summary needs at least 3 characters.'));
    const changes = changedFields(
      { title: p.title, slug: p.slug ?? '', description: p.description, requested_status: p.requested_status ?? 'approved' },
      { title: title.trim(), slug, description: summary.trim(), requested_status: requested },
    );
    if (Object.keys(changes).length === 0) return;
    const moved = changes.slug !== undefined;
    await save.run(
      () => projectCommands.edit(p.id, changes),
      undefined,
      moved
        ? () => {
            invalidateApiCache('project');
            navigate(`${projectPath({ ...p, slug })}/settings`, { replace: true });
          }
        : undefined,
    );
  };
  const review = canSubmitForReview(p);
  const transitions = teamTransitions(p.status).filter((s) => s !== 'processing');

  return (
    <div className="pset-stack">
      <form className="ms-card pset-card" onSubmit={submit} aria-label={t('settings.general', 'General')}>
        <h3>{t('settings.general', 'General')}</h3>
        <IconPicker
          iconUrl={p.icon_url}
          name={p.title}
          disabled={!canEdit || icon.busy}
          uploadLabel={t('settings.uploadIcon', 'Upload icon')}
          removeLabel={t('settings.removeIcon', 'Remove icon')}
          onUpload={(f) => void icon.run(() => projectCommands.icon(p.id, f), t('settings.iconSaved', 'Icon updated'))}
          onRemove={() => void icon.run(() => projectCommands.removeIcon(p.id))}
        />
        <FormError error={icon.error} />
        <Field label={t('settings.name', 'Name')}>
          <input className="ms-input" value={title} maxLength={64} onChange={(e) => setTitle(e.target.value)} disabled={!canEdit} required />
        </Field>
        <Field label={t('settings.slug', 'URL')} hint={`/${p.project_type}/${slug}`}>
          <input className="ms-input" value={slug} maxLength={64} onChange={(e) => setSlug(e.target.value)} disabled={!canEdit} required />
        </Field>
        <Field label={t('settings.summary', 'Summary')}>
          <textarea className="ms-input" value={summary} maxLength={256} rows={3} onChange={(e) => setSummary(e.target.value)} disabled={!canEdit} required />
        </Field>
        <Field label={t('settings.visibility', 'Visibility after approval')}>
          <select className="ms-input" value={requested} onChange={(e) => setRequested(e.target.value)} disabled={!canEdit}>
            {REQUESTED.map((s) => (
              <option key={s} value={s}>
                {visibilityLabel(t, s)}
              </option>
            ))}
          </select>
        </Field>
        <FormError error={save.error} />
        <div className="pset-row">
          <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || save.busy}>
            {t('settings.save', 'Save changes')}
          </button>
        </div>
      </form>

      <section className="ms-card pset-card" aria-label={t('settings.status', 'Status')}>
        <h3>{t('settings.status', 'Status')}</h3>
        <p>
          <StatusBadge status={p.status} />{' '}
          {p.status === 'processing' && <span className="ms-muted">{t('settings.inReview', 'Your project is in the moderation queue.')}</span>}
        </p>
        {typeof p.moderator_message === 'string' && p.moderator_message && (
          <p className="pset-note" data-testid="moderator-message">
            {t('settings.moderatorSaid', 'Moderator message: {message}', { message: p.moderator_message })}
          </p>
        )}
        {teamTransitions(p.status).includes('processing') && (
          <>
            <p className="ms-muted">
              {review.reason === 'versions'
                ? t('settings.needsVersion', 'Upload at least one version before submitting for review.')
                : t('settings.reviewHint', 'Staff check every project before it is listed.')}
            </p>
            <div className="pset-row">
              <button
                type="button"
                className="ms-btn ms-btn--primary"
                data-testid="submit-review"
                disabled={!canEdit || !review.ok || status.busy}
                onClick={() => status.run(() => projectCommands.edit(p.id, { status: 'processing' }), t('settings.submitted', 'Submitted for review'))}
              >
                {t('settings.submitReview', 'Submit for review')}
              </button>
              {review.reason === 'versions' && (
                <Link className="ms-btn" to={`${data.base}/version/${nextVersionNumber(null)}-new`}>
                  {t('settings.newVersion', 'Create a version')}
                </Link>
              )}
            </div>
          </>
        )}
        {transitions.length > 0 && (
          <div className="pset-row">
            {transitions.map((s) => (
              <button
                key={s}
                type="button"
                className="ms-btn"
                disabled={!canEdit || status.busy}
                onClick={() => status.run(() => projectCommands.edit(p.id, { status: s }))}
              >
                {t('settings.makeStatus', 'Make {status}', { status: visibilityLabel(t, s) })}
              </button>
            ))}
          </div>
        )}
        <FormError error={status.error} />
      </section>

      {(p.status === 'scheduled' || REQUESTED.includes(p.status as (typeof REQUESTED)[number])) && (
        <ScheduleCard
          data={data}
          kind="project"
          id={p.id}
          status={p.status}
          canEdit={canEdit}
          statuses={REQUESTED.map((s) => ({ value: s, label: visibilityLabel(t, s) }))}
        />
      )}

      {has(permissions, 'DELETE_PROJECT') && (
        <section className="ms-card pset-card pset-danger" aria-label={t('settings.delete', 'Delete project')}>
          <h3>{t('settings.delete', 'Delete project')}</h3>
          <p>{t('settings.deleteText', 'Deleting removes the project, its versions and files for everyone. Type the project name to confirm.')}</p>
          <Field label={t('settings.deleteConfirm', 'Project name')}>
            <input className="ms-input" value={confirmDelete} onChange={(e) => setConfirmDelete(e.target.value)} />
          </Field>
          <FormError error={remove.error} />
          <button
            type="button"
            className="ms-btn pset-btn-danger"
            disabled={confirmDelete !== p.title || remove.busy}
            onClick={async () => {
              if (await remove.run(() => projectCommands.remove(p.id), t('settings.deleted', 'Project deleted'))) {
                invalidateApiCache('project');
                navigate('/dashboard/projects');
              }
            }}
          >
            {t('settings.delete', 'Delete project')}
          </button>
        </section>
      )}
    </div>
  );
}

function visibilityLabel(t: ReturnType<typeof useT>, s: string): string {
  switch (s) {
    case 'approved':
      return t('visibility.public', 'Public');
    case 'unlisted':
      return t('visibility.unlisted', 'Unlisted');
    case 'private':
      return t('visibility.private', 'Private');
    case 'archived':
      return t('visibility.archived', 'Archived');
    default:
      return s;
  }
}
