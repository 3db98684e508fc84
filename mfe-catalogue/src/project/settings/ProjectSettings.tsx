/** settings, settings/{description,license,links,tags,gallery,members,versions,analytics}. */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import {
  AnalyticsPanel, api, apiFetch, displayPreferencesAtom, formatCategory, formatDate, formatNumber, formatUsd, invalidateApiCache, NotFound, projectPath, sessionAtom, useApi,
  type DonationPlatformTag, type Project,
} from '@modshelf/web-kit';
import type { ProjectData } from '../ProjectPage';
import { renderMarkdown } from '../../markdown';
import { Field, FormError, StatusBadge, useSave } from './common';
import {
  accessOf, canSubmitForReview, changedFields, has, nextVersionNumber, PERMISSION_NAMES, PERMISSIONS, projectCommands, SLUG_RE, TEAM_TRANSITIONS,
  togglePermission, validUrl, type Permission,
} from './lib';
import { useT } from './t';
import { ScheduleCard } from './ScheduleCard';
import { analyticsLabels } from './analytics-labels';

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
          <NavLink key={tab.to} to={tab.to} end={tab.end}>{tab.label}</NavLink>
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

function useAccess(data: ProjectData) {
  const session = useAtomValue(sessionAtom);
  return accessOf(session?.user, data.members);
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
  const [requested, setRequested] = useState(p.requested_status ?? 'approved');
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
    await save.run(() => projectCommands.edit(p.id, changes), undefined, moved ? () => {
      invalidateApiCache('project');
      navigate(`${projectPath({ ...p, slug })}/settings`, { replace: true });
    } : undefined);
  };
  const review = canSubmitForReview(p);
  const transitions = (TEAM_TRANSITIONS[p.status] ?? []).filter((s) => s !== 'processing');

  return (
    <div className="pset-stack">
      <form className="ms-card pset-card" onSubmit={submit} aria-label={t('settings.general', 'General')}>
        <h3>{t('settings.general', 'General')}</h3>
        <div className="pset-icon">
          {p.icon_url ? <img src={p.icon_url} alt="" width={96} height={96} /> : <span className="pset-icon__none">{p.title.slice(0, 1)}</span>}
          <div className="pset-row">
            <label className="ms-btn">
              {t('settings.uploadIcon', 'Upload icon')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
                className="ms-visually-hidden"
                disabled={!canEdit || icon.busy}
                onChange={(e) => {
                  const f = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (f) void icon.run(() => projectCommands.icon(p.id, f), t('settings.iconSaved', 'Icon updated'));
                }}
              />
            </label>
            {p.icon_url && (
              <button type="button" className="ms-btn" disabled={!canEdit || icon.busy} onClick={() => icon.run(() => projectCommands.removeIcon(p.id))}>
                {t('settings.removeIcon', 'Remove icon')}
              </button>
            )}
          </div>
        </div>
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
              <option key={s} value={s}>{visibilityLabel(t, s)}</option>
            ))}
          </select>
        </Field>
        <FormError error={save.error} />
        <div className="pset-row">
          <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || save.busy}>{t('settings.save', 'Save changes')}</button>
        </div>
      </form>

      <section className="ms-card pset-card" aria-label={t('settings.status', 'Status')}>
        <h3>{t('settings.status', 'Status')}</h3>
        <p>
          <StatusBadge status={p.status} />{' '}
          {p.status === 'processing' && <span className="ms-muted">{t('settings.inReview', 'Your project is in the moderation queue.')}</span>}
        </p>
        {typeof p.moderator_message === 'string' && p.moderator_message && (
          <p className="pset-note" data-testid="moderator-message">{t('settings.moderatorSaid', 'Moderator message: {message}', { message: p.moderator_message })}</p>
        )}
        {(TEAM_TRANSITIONS[p.status] ?? []).includes('processing') && (
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
                <Link className="ms-btn" to={`${data.base}/version/${nextVersionNumber(null)}-new`}>{t('settings.newVersion', 'Create a version')}</Link>
              )}
            </div>
          </>
        )}
        {transitions.length > 0 && (
          <div className="pset-row">
            {transitions.map((s) => (
              <button key={s} type="button" className="ms-btn" disabled={!canEdit || status.busy} onClick={() => status.run(() => projectCommands.edit(p.id, { status: s }))}>
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
    case 'approved': return t('visibility.public', 'Public');
    case 'unlisted': return t('visibility.unlisted', 'Unlisted');
    case 'private': return t('visibility.private', 'Private');
    case 'archived': return t('visibility.archived', 'Archived');
    default: return s;
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
  const html = useMemo(() => (preview ? renderMarkdown(body, { externalLinksNewTab: prefs.externalLinksNewTab }) : ''), [preview, body, prefs.externalLinksNewTab]);
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
        <button type="button" role="tab" aria-selected={!preview} className="ms-btn" onClick={() => setPreview(false)}>{t('settings.write', 'Write')}</button>
        <button type="button" role="tab" aria-selected={preview} className="ms-btn" onClick={() => setPreview(true)}>{t('settings.preview', 'Preview')}</button>
      </div>
      {preview ? (
        <article className="cat-markdown pset-preview" data-testid="description-preview" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Field label={t('settings.body', 'Body (Markdown)')}>
          <textarea className="ms-input pset-body" rows={18} value={body} maxLength={65536} onChange={(e) => setBody(e.target.value)} disabled={!has(permissions, 'EDIT_BODY')} />
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
            <option key={l.short} value={l.short}>{l.name}</option>
          ))}
        </select>
      </Field>
      <Field label={t('settings.licenseUrl', 'License URL (optional)')}>
        <input className="ms-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} disabled={!has(permissions, 'EDIT_DETAILS')} />
      </Field>
      <FormError error={save.error} />
      <button type="submit" className="ms-btn ms-btn--primary" disabled={!has(permissions, 'EDIT_DETAILS') || save.busy}>{t('settings.save', 'Save changes')}</button>
    </form>
  );
}

const LINK_FIELDS = ['issues_url', 'source_url', 'wiki_url', 'discord_url'] as const;

function LinksTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const canEdit = has(permissions, 'EDIT_DETAILS');
  const platforms = useApi('tag:donation_platform', (s) => apiFetch<DonationPlatformTag[]>('/tag/donation_platform', { signal: s }));
  const [links, setLinks] = useState<Record<(typeof LINK_FIELDS)[number], string>>({
    issues_url: p.issues_url ?? '', source_url: p.source_url ?? '', wiki_url: p.wiki_url ?? '', discord_url: p.discord_url ?? '',
  });
  const [donations, setDonations] = useState((p.donation_urls ?? []).map((d) => ({ id: d.id, url: d.url })));
  const save = useSave(data);
  const labels: Record<(typeof LINK_FIELDS)[number], string> = {
    issues_url: t('links.issues', 'Issue tracker'),
    source_url: t('links.source', 'Source code'),
    wiki_url: t('links.wiki', 'Wiki page'),
    discord_url: t('links.discord', 'Discord invite'),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const urls = [...Object.values(links), ...donations.map((d) => d.url)];
    if (!urls.every(validUrl)) return save.setError(t('settings.badUrl', 'Enter a full http(s) address.'));
    const body = {
      ...Object.fromEntries(LINK_FIELDS.map((k) => [k, links[k] || null])),
      donation_urls: donations.filter((d) => d.url).map((d) => ({ id: d.id, url: d.url })),
    };
    void save.run(() => projectCommands.edit(p.id, body));
  };
  return (
    <form className="ms-card pset-card" aria-label={t('settings.links', 'Links')} onSubmit={submit}>
      <h3>{t('settings.links', 'Links')}</h3>
      {LINK_FIELDS.map((k) => (
        <Field key={k} label={labels[k]}>
          <input className="ms-input" type="url" value={links[k]} onChange={(e) => setLinks({ ...links, [k]: e.target.value })} disabled={!canEdit} />
        </Field>
      ))}
      <h4>{t('links.donations', 'Donation links')}</h4>
      {donations.map((d, i) => (
        <div className="pset-row" key={i} data-testid="donation-row">
          <select
            className="ms-input"
            aria-label={t('links.platform', 'Platform')}
            value={d.id}
            disabled={!canEdit}
            onChange={(e) => setDonations(donations.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)))}
          >
            {(platforms.data ?? [{ short: d.id, name: d.id }]).map((pl) => (
              <option key={pl.short} value={pl.short}>{pl.name}</option>
            ))}
          </select>
          <input
            className="ms-input"
            type="url"
            aria-label={t('links.donationUrl', 'Donation URL')}
            value={d.url}
            disabled={!canEdit}
            onChange={(e) => setDonations(donations.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
          />
          <button type="button" className="ms-btn" disabled={!canEdit} onClick={() => setDonations(donations.filter((_, j) => j !== i))}>
            {t('common.remove', 'Remove')}
          </button>
        </div>
      ))}
      <div className="pset-row">
        <button type="button" className="ms-btn" disabled={!canEdit} onClick={() => setDonations([...donations, { id: platforms.data?.[0]?.short ?? 'other', url: '' }])}>
          {t('links.addDonation', 'Add a donation link')}
        </button>
      </div>
      <FormError error={save.error} />
      <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || save.busy}>{t('settings.save', 'Save changes')}</button>
    </form>
  );
}

const SIDES = ['required', 'optional', 'unsupported'] as const;

function TagsTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const canEdit = has(permissions, 'EDIT_DETAILS');
  const categories = useApi('tag:category', (s) => api.categories(s));
  const [primary, setPrimary] = useState<string[]>(p.categories);
  const [additional, setAdditional] = useState<string[]>(p.additional_categories ?? []);
  const [client, setClient] = useState(p.client_side);
  const [server, setServer] = useState(p.server_side);
  const save = useSave(data);
  const own = categoryTypeOf(p);
  const list = [...new Set((categories.data ?? []).filter((c) => own.includes(c.project_type)).map((c) => c.name))].sort();
  const toggle = (arr: string[], set: (v: string[]) => void, name: string, on: boolean) => set(on ? [...arr, name] : arr.filter((x) => x !== name));
  return (
    <form
      className="ms-card pset-card"
      aria-label={t('settings.tags', 'Tags')}
      onSubmit={(e) => {
        e.preventDefault();
        if (primary.length > 3) return save.setError(t('tags.tooMany', 'Choose at most 3 main categories; the others can be additional.'));
        void save.run(() =>
          projectCommands.edit(p.id, {
            categories: primary,
            additional_categories: additional.filter((c) => !primary.includes(c)),
            client_side: client,
            server_side: server,
          }),
        );
      }}
    >
      <h3>{t('settings.tags', 'Tags')}</h3>
      <p className="ms-muted">{t('tags.hint', 'Main categories (up to 3) are shown on the project card; additional ones only help search.')}</p>
      <table className="pset-table">
        <thead>
          <tr>
            <th>{t('tags.category', 'Category')}</th>
            <th>{t('tags.main', 'Main')}</th>
            <th>{t('tags.additional', 'Additional')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((c) => (
            <tr key={c}>
              <td>{formatCategory(c)}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('tags.mainOf', 'Main category {name}', { name: formatCategory(c) })}
                  checked={primary.includes(c)}
                  disabled={!canEdit}
                  onChange={(e) => toggle(primary, setPrimary, c, e.target.checked)}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('tags.additionalOf', 'Additional category {name}', { name: formatCategory(c) })}
                  checked={additional.includes(c) && !primary.includes(c)}
                  disabled={!canEdit || primary.includes(c)}
                  onChange={(e) => toggle(additional, setAdditional, c, e.target.checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>{t('tags.environment', 'Environment')}</h4>
      <div className="pset-row">
        <Field label={t('tags.client', 'Client side')}>
          <select className="ms-input" value={client} onChange={(e) => setClient(e.target.value)} disabled={!canEdit}>
            {SIDES.map((s) => <option key={s} value={s}>{sideLabel(t, s)}</option>)}
          </select>
        </Field>
        <Field label={t('tags.server', 'Server side')}>
          <select className="ms-input" value={server} onChange={(e) => setServer(e.target.value)} disabled={!canEdit}>
            {SIDES.map((s) => <option key={s} value={s}>{sideLabel(t, s)}</option>)}
          </select>
        </Field>
      </div>
      <FormError error={save.error} />
      <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || save.busy}>{t('settings.save', 'Save changes')}</button>
    </form>
  );
}

/** Which category lists apply: servers take the mod and modpack ones (the spec lists none of their own). */
export function categoryTypeOf(p: Pick<Project, 'project_type'>): string[] {
  if (p.project_type === 'server') return ['mod', 'modpack'];
  if (p.project_type === 'behaviorpack') return ['mod'];
  return [p.project_type];
}

function sideLabel(t: ReturnType<typeof useT>, s: string): string {
  if (s === 'required') return t('side.required', 'Required');
  if (s === 'optional') return t('side.optional', 'Optional');
  return t('side.unsupported', 'Unsupported');
}

function GalleryTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const canEdit = has(permissions, 'EDIT_DETAILS');
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [featured, setFeatured] = useState(false);
  const add = useSave(data);
  const edit = useSave(data);
  const items = [...(p.gallery ?? [])].sort((a, b) => (a.ordering ?? 0) - (b.ordering ?? 0));
  return (
    <div className="pset-stack">
      <form
        className="ms-card pset-card"
        aria-label={t('gallery.add', 'Add an image')}
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file) return add.setError(t('gallery.pickFile', 'Choose an image first.'));
          if (await add.run(() => projectCommands.addGallery(p.id, file, { featured, title, description }), t('gallery.added', 'Image added'))) {
            setFile(null);
            setTitle('');
            setDescription('');
            setFeatured(false);
          }
        }}
      >
        <h3>{t('gallery.add', 'Add an image')}</h3>
        <Field label={t('gallery.image', 'Image')}>
          <input type="file" accept="image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} disabled={!canEdit} />
        </Field>
        <Field label={t('gallery.title', 'Title')}>
          <input className="ms-input" value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} disabled={!canEdit} />
        </Field>
        <Field label={t('gallery.description', 'Description')}>
          <textarea className="ms-input" value={description} maxLength={2048} onChange={(e) => setDescription(e.target.value)} disabled={!canEdit} />
        </Field>
        <label className="pset-check">
          <input type="checkbox" checked={featured} onChange={(e) => setFeatured(e.target.checked)} disabled={!canEdit} /> {t('gallery.featured', 'Featured')}
        </label>
        <FormError error={add.error} />
        <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || add.busy}>{t('gallery.upload', 'Upload')}</button>
      </form>
      <FormError error={edit.error} />
      {items.length === 0 ? (
        <p className="ms-muted">{t('gallery.empty', 'No images yet.')}</p>
      ) : (
        <ul className="pset-gallery">
          {items.map((g) => (
            <li key={g.url} className="ms-card" data-testid="gallery-item">
              <img src={g.url} alt={g.title ?? ''} loading="lazy" />
              <strong>{g.title}</strong>
              {g.featured && <span className="cat-badge">{t('gallery.featured', 'Featured')}</span>}
              <p className="ms-muted">{g.description}</p>
              <div className="pset-row">
                <button type="button" className="ms-btn" disabled={!canEdit || edit.busy} onClick={() => edit.run(() => projectCommands.editGallery(p.id, g.url, { featured: !g.featured }))}>
                  {g.featured ? t('gallery.unfeature', 'Unfeature') : t('gallery.feature', 'Feature')}
                </button>
                <button type="button" className="ms-btn pset-btn-danger" disabled={!canEdit || edit.busy} onClick={() => edit.run(() => projectCommands.removeGallery(p.id, g.url))}>
                  {t('common.delete', 'Delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VersionsTab({ data }: { data: ProjectData }) {
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
                <td><Link to={`${data.base}/version/${encodeURIComponent(v.displayUrlEnding)}`}>{v.version_number}</Link></td>
                <td>{v.name}</td>
                <td>{formatDate(v.date_published)}</td>
                <td>{formatNumber(v.downloads)}</td>
                <td><Link to={`${data.base}/version/${encodeURIComponent(v.displayUrlEnding)}/edit`}>{t('common.edit', 'Edit')}</Link></td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </section>
  );
}

const DEFAULT_INVITE = PERMISSIONS.UPLOAD_VERSION | PERMISSIONS.DELETE_VERSION | PERMISSIONS.EDIT_BODY;

function permissionLabel(t: ReturnType<typeof useT>, p: Permission): string {
  const labels: Record<Permission, string> = {
    UPLOAD_VERSION: t('perm.upload', 'Upload versions'),
    DELETE_VERSION: t('perm.deleteVersion', 'Delete versions'),
    EDIT_DETAILS: t('perm.details', 'Edit details'),
    EDIT_BODY: t('perm.body', 'Edit description'),
    MANAGE_INVITES: t('perm.invites', 'Manage invites'),
    REMOVE_MEMBER: t('perm.remove', 'Remove members'),
    EDIT_MEMBER: t('perm.member', 'Edit members'),
    DELETE_PROJECT: t('perm.delete', 'Delete project'),
    VIEW_ANALYTICS: t('perm.analytics', 'View analytics'),
    VIEW_PAYOUTS: t('perm.payouts', 'View revenue'),
  };
  return labels[p];
}

function MembersTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { member: me, permissions } = useAccess(data);
  const [username, setUsername] = useState('');
  const invite = useSave(data);
  return (
    <div className="pset-stack">
      {has(permissions, 'MANAGE_INVITES') && (
        <form
          className="ms-card pset-card"
          aria-label={t('members.invite', 'Invite a member')}
          onSubmit={async (e) => {
            e.preventDefault();
            const name = username.trim();
            if (!name) return;
            if (
              await invite.run(async () => {
                const user = await api.user(name);
                return projectCommands.invite(p.team, user.id, 'Member', DEFAULT_INVITE);
              }, t('members.invited', 'Invitation sent'))
            ) setUsername('');
          }}
        >
          <h3>{t('members.invite', 'Invite a member')}</h3>
          <div className="pset-row">
            <Field label={t('members.username', 'Username')}>
              <input className="ms-input" value={username} onChange={(e) => setUsername(e.target.value)} />
            </Field>
            <button type="submit" className="ms-btn ms-btn--primary" disabled={invite.busy}>{t('members.inviteButton', 'Invite')}</button>
          </div>
          <FormError error={invite.error} />
        </form>
      )}
      {data.members.map((m) => (
        <MemberCard key={m.user.id} data={data} member={m} myPermissions={permissions} iAmOwner={!!me?.is_owner} />
      ))}
    </div>
  );
}

function MemberCard({ data, member: m, myPermissions, iAmOwner }: { data: ProjectData; member: ProjectData['members'][number]; myPermissions: number; iAmOwner: boolean }) {
  const t = useT();
  const p = data.project;
  const [role, setRole] = useState(m.role);
  const [perms, setPerms] = useState(m.is_owner ? (1 << 10) - 1 : (m.permissions ?? 0));
  const save = useSave(data);
  const canEdit = has(myPermissions, 'EDIT_MEMBER') && !m.is_owner;
  return (
    <section className="ms-card pset-card" data-testid="member" aria-label={m.user.username}>
      <h3>
        {m.user.username} {m.is_owner && <span className="cat-badge">{t('members.owner', 'Owner')}</span>}
        {!m.accepted && <span className="cat-badge">{t('members.pending', 'Pending')}</span>}
      </h3>
      <Field label={t('members.role', 'Role')}>
        <input className="ms-input" value={role} maxLength={64} onChange={(e) => setRole(e.target.value)} disabled={!has(myPermissions, 'EDIT_MEMBER')} />
      </Field>
      <fieldset className="pset-perms" disabled={!canEdit}>
        <legend>{t('members.permissions', 'Permissions')}</legend>
        {PERMISSION_NAMES.map((name) => (
          <label key={name} className="pset-check">
            <input type="checkbox" checked={has(perms, name)} onChange={(e) => setPerms(togglePermission(perms, name, e.target.checked))} /> {permissionLabel(t, name)}
          </label>
        ))}
      </fieldset>
      <FormError error={save.error} />
      <div className="pset-row">
        <button
          type="button"
          className="ms-btn ms-btn--primary"
          disabled={!has(myPermissions, 'EDIT_MEMBER') || save.busy}
          onClick={() => save.run(() => projectCommands.editMember(p.team, m.user.id, m.is_owner ? { role } : { role, permissions: perms }))}
        >
          {t('settings.save', 'Save changes')}
        </button>
        {!m.is_owner && has(myPermissions, 'REMOVE_MEMBER') && (
          <button type="button" className="ms-btn pset-btn-danger" disabled={save.busy} onClick={() => save.run(() => projectCommands.removeMember(p.team, m.user.id))}>
            {t('members.remove', 'Remove member')}
          </button>
        )}
        {!m.is_owner && m.accepted && iAmOwner && (
          <button type="button" className="ms-btn" disabled={save.busy} onClick={() => save.run(() => projectCommands.transferOwnership(p.team, m.user.id))}>
            {t('members.transfer', 'Transfer ownership')}
          </button>
        )}
      </div>
    </section>
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
          <div><strong data-testid="analytics-downloads">{formatNumber(p.downloads)}</strong> <span className="ms-muted">{t('analytics.downloads', 'downloads')}</span></div>
          <div><strong data-testid="analytics-followers">{formatNumber(p.followers)}</strong> <span className="ms-muted">{t('analytics.followers', 'followers')}</span></div>
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
