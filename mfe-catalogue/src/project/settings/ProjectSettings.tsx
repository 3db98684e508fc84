/** settings, settings/{description,license,links,tags,gallery,members,versions,analytics}. */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import {
  analyticsLabels,
  AnalyticsPanel,
  api,
  displayPreferencesAtom,
  Field,
  formatNumber,
  formatUsd,
  FormError,
  invalidateApiCache,
  NotFound,
  projectPath,
  SLUG_RE,
  useApi,
  useT,
} from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { renderMarkdown } from '../../markdown';
import { IconPicker } from '../../components/IconPicker';
import { StatusBadge, useSave } from './common';
import { canSubmitForReview, changedFields, has, nextVersionNumber, projectCommands, teamTransitions, validUrl } from './lib';
import { ScheduleCard } from './ScheduleCard';
import { useAccess } from './access';
import { LinksTab } from './LinksTab';
import { TagsTab } from './TagsTab';
import { GalleryTab } from './GalleryTab';
import { VersionsTab } from './VersionsTab';
import { MembersTab } from './MembersTab';

export function ProjectSettings({ data }: { data: ProjectData }) {
  const t = useT();
  const { base } = data;
  const location = useLocation();
  const tabs = [
    { to: `${base}/settings`, end: true, label: t('settings.general', 'General') },
    { to: `${base}/settings/description`, label: t('settings.description', 'Description') },
    { to: `${base}/settings/license`, label: t('settings.license', 'License') },
    { to: `${base}/settings/links`, label: t('settings.links', 'Links') },
    { to: `${base}/settings/tags`, label: t('settings.tags', 'Tags') },
    { to: `${base}/settings/gallery`, label: t('settings.gallery', 'Gallery') },
    { to: `${base}/settings/versions`, label: t('settings.versions', 'Versions') },
    { to: `${base}/settings/members`, label: t('settings.members', 'Members') },
    { to: `${base}/settings/analytics`, label: t('settings.analytics', 'Analytics') },
  ];
  return (
    <section className="pset" data-testid="project-settings">
      <header className="pset-head">
        <h2>{t('settings.title', 'Project settings')}</h2>
        <StatusBadge status={data.project.status} />
      </header>
      <nav className="pset-nav" aria-label={t('settings.sections', 'Settings sections')}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<GeneralTab data={data} />} />
        <Route path="description" element={<DescriptionTab data={data} />} />
        <Route path="license" element={<LicenseTab data={data} />} />
        <Route path="links" element={<LinksTab data={data} />} />
        <Route path="tags" element={<TagsTab data={data} />} />
        <Route path="gallery" element={<GalleryTab data={data} />} />
        <Route path="versions" element={<VersionsTab data={data} />} />
        <Route path="members" element={<MembersTab data={data} />} />
        <Route path="analytics" element={<AnalyticsTab data={data} />} />
        <Route path="*" element={<NotFound path={location.pathname} />} />
      </Routes>
    </section>
  );
}

const REQUESTED = ['approved', 'unlisted', 'private', 'archived'] as const;

function GeneralTab({ data }: { data: ProjectData }) {
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

function DescriptionTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const prefs = useAtomValue(displayPreferencesAtom);
  const { permissions } = useAccess(data);
  const [body, setBody] = useState(p.body ?? '');
  const [preview, setPreview] = useState(false);
  const save = useSave(data);
  const html = useMemo(
    () => (preview ? renderMarkdown(body, { externalLinksNewTab: prefs.externalLinksNewTab }) : ''),
    [preview, body, prefs.externalLinksNewTab],
  );
  return (
    <form
      className="ms-card pset-card"
      aria-label={t('settings.description', 'Description')}
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(() => projectCommands.edit(p.id, { body }));
      }}
    >
      <h3>{t('settings.description', 'Description')}</h3>
      <div className="pset-row" role="tablist">
        <button type="button" role="tab" aria-selected={!preview} className="ms-btn" onClick={() => setPreview(false)}>
          {t('settings.write', 'Write')}
        </button>
        <button type="button" role="tab" aria-selected={preview} className="ms-btn" onClick={() => setPreview(true)}>
          {t('settings.preview', 'Preview')}
        </button>
      </div>
      {preview ? (
        <article className="cat-markdown pset-preview" data-testid="description-preview" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Field label={t('settings.body', 'Body (Markdown)')}>
          <textarea
            className="ms-input pset-body"
            rows={18}
            value={body}
            maxLength={65536}
            onChange={(e) => setBody(e.target.value)}
            disabled={!has(permissions, 'EDIT_BODY')}
          />
        </Field>
      )}
      <FormError error={save.error} />
      <div className="pset-row">
        <button type="submit" className="ms-btn ms-btn--primary" disabled={!has(permissions, 'EDIT_BODY') || save.busy || body === (p.body ?? '')}>
          {t('settings.save', 'Save changes')}
        </button>
      </div>
    </form>
  );
}

function LicenseTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const licenses = useApi('tag:license', (s) => api.licenses(s));
  const [id, setId] = useState(p.license?.id ?? 'LicenseRef-All-Rights-Reserved');
  const [url, setUrl] = useState(p.license?.url ?? '');
  const save = useSave(data);
  const known = licenses.data ?? [];
  return (
    <form
      className="ms-card pset-card"
      aria-label={t('settings.license', 'License')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!validUrl(url)) return save.setError(t('settings.badUrl', 'Enter a full http(s) address.'));
        void save.run(() => projectCommands.edit(p.id, { license_id: id, license_url: url || null }));
      }}
    >
      <h3>{t('settings.license', 'License')}</h3>
      <p className="ms-muted">{t('settings.licenseHint', 'It is important to choose a proper license: it tells others what they may do with your work.')}</p>
      <Field label={t('settings.licenseId', 'License')}>
        <select className="ms-input" value={id} onChange={(e) => setId(e.target.value)} disabled={!has(permissions, 'EDIT_DETAILS')}>
          {!known.some((l) => l.short === id) && <option value={id}>{id}</option>}
          {known.map((l) => (
            <option key={l.short} value={l.short}>
              {l.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('settings.licenseUrl', 'License URL (optional)')}>
        <input className="ms-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} disabled={!has(permissions, 'EDIT_DETAILS')} />
      </Field>
      <FormError error={save.error} />
      <button type="submit" className="ms-btn ms-btn--primary" disabled={!has(permissions, 'EDIT_DETAILS') || save.busy}>
        {t('settings.save', 'Save changes')}
      </button>
    </form>
  );
}

function AnalyticsTab({ data }: { data: ProjectData }) {
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
