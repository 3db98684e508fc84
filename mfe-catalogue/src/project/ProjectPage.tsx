import { Suspense, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, NavLink, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import {
  api,
  apiUrls,
  countValues,
  deriveVersions,
  displayPreferencesAtom,
  Dropdown,
  formatCategory,
  formatRelativeTime,
  invalidateApiCache,
  lazyPage,
  NotFound,
  projectPath,
  sessionAtom,
  signInPath,
  toasts,
  Tooltip,
  usePageMeta,
  useApi,
} from '@modshelf/web-kit';
import { ApiErrorScreen } from '../components/ApiErrorScreen';
import { ProjectIcon } from '../components/ProjectCard';
import { AboutSidebar } from './AboutSidebar';
import { OverviewTab } from './OverviewTab';
import { reportPageView } from './page-view';
import type { ProjectData } from './project-data';
import { canManage } from './settings/can-manage';

// the description tab paints with the page; the other tabs load on first use
const GalleryTab = lazyPage(() => import('./GalleryTab').then((m) => m.GalleryTab));
const ChangelogTab = lazyPage(() => import('./ChangelogTab').then((m) => m.ChangelogTab));
const VersionsTab = lazyPage(() => import('./VersionsTab').then((m) => m.VersionsTab));
const CommentsTab = lazyPage(() => import('./CommentsTab').then((m) => m.CommentsTab));
const ModerationTab = lazyPage(() => import('./ModerationTab').then((m) => m.ModerationTab));
const VersionRoute = lazyPage(() => import('./settings/routes').then((m) => m.VersionRoute));
const VersionEditRoute = lazyPage(() => import('./settings/routes').then((m) => m.VersionEditRoute));
const SettingsRoute = lazyPage(() => import('./settings/routes').then((m) => m.SettingsRoute));

/** Project page: header, tabs and the About sidebar at /{type}/{slug or id}/... */
export function ProjectPage({ urlType }: { urlType: string }) {
  const { id = '', '*': rest = '' } = useParams();
  const location = useLocation();
  const project = useApi(`project:${id}`, (s) => api.project(id, s), apiUrls.project(id));
  const versions = useApi(
    project.data ? `project-versions:${project.data.id}` : null,
    (s) => api.projectVersions(project.data!.id, s),
    project.data && apiUrls.projectVersions(project.data.id),
  );
  const members = useApi(
    project.data ? `project-members:${project.data.id}` : null,
    (s) => api.projectMembers(project.data!.id, s),
    project.data && apiUrls.projectMembers(project.data.id),
  );
  const derived = useMemo(() => deriveVersions(versions.data ?? [], members.data ?? []), [versions.data, members.data]);
  const viewed = project.data?.id;
  useEffect(() => {
    if (viewed) reportPageView(); // once per project opened, not per tab
  }, [viewed]);

  if (project.error) return <ApiErrorScreen error={project.error} notFound={`Page Not Found: ${location.pathname}`} />;
  if (!project.data) return <div className="cat-loading" aria-busy="true" />;
  const p = project.data;
  const canonical = projectPath(p);
  const current = `/${urlType}/${id}`;
  if (canonical !== current && decodeURIComponent(canonical) !== decodeURIComponent(current)) {
    return <Navigate to={`${canonical}${rest ? `/${rest}` : ''}${location.search}`} replace />;
  }
  const data: ProjectData = {
    project: p,
    versions: derived,
    members: members.data ?? [],
    base: canonical,
    membersLoaded: !!members.data || !!members.error,
    versionsLoaded: !!versions.data,
    refresh: () => {
      project.reload();
      versions.reload();
      members.reload();
    },
  };
  return <ProjectLayout data={data} versionsLoaded={!!versions.data} />;
}

function ProjectLayout({ data, versionsLoaded }: { data: ProjectData; versionsLoaded: boolean }) {
  const intl = useIntl();
  const { project: p, base } = data;
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const prefs = useAtomValue(displayPreferencesAtom);
  usePageMeta(p.title, p.description);
  const here = location.pathname + location.search;
  const userId = session?.user?.id;
  const follows = useApi(userId ? `follows:${userId}` : null, (s) => api.userFollows(userId!, s));
  const [override, setOverride] = useState<{ following: boolean; delta: number } | null>(null);
  const following = override?.following ?? !!follows.data?.some((f) => f.id === p.id);
  const followers = p.followers + (override?.delta ?? 0);
  const [busy, setBusy] = useState(false);

  const follow = async () => {
    if (!session) {
      navigate(signInPath(here));
      return;
    }
    const next = !following;
    setBusy(true);
    try {
      await api.follow(p.id, next);
      setOverride((o) => ({ following: next, delta: (o?.delta ?? 0) + (next ? 1 : -1) }));
      invalidateApiCache(`follows:`);
      toasts.add({
        title: next
          ? intl.formatMessage({ id: 'project.followed', defaultMessage: 'Following {title}' }, { title: p.title })
          : intl.formatMessage({ id: 'project.unfollowed', defaultMessage: 'No longer following {title}' }, { title: p.title }),
        type: 'success',
      });
    } catch (e) {
      toasts.add({ title: intl.formatMessage({ id: 'project.followFailed', defaultMessage: 'Could not follow' }), text: (e as Error).message, type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const copy = (text: string, done: string) => {
    navigator.clipboard?.writeText(text).then(
      () => toasts.add({ title: done, type: 'success' }),
      () => toasts.add({ title: text, type: 'info' }),
    );
  };
  const reportHref = `/report?item=project&itemID=${encodeURIComponent(p.id)}`;
  const tabs = [
    { to: base, end: true, label: intl.formatMessage({ id: 'tab.description', defaultMessage: 'Description' }) },
    ...(p.gallery && p.gallery.length > 0
      ? [{ to: `${base}/gallery`, end: false, label: intl.formatMessage({ id: 'tab.gallery', defaultMessage: 'Gallery' }) }]
      : []),
    { to: `${base}/changelog`, end: false, label: intl.formatMessage({ id: 'tab.changelog', defaultMessage: 'Changelog' }) },
    { to: `${base}/versions`, end: false, label: intl.formatMessage({ id: 'tab.versions', defaultMessage: 'Versions' }) },
    { to: `${base}/comments`, end: false, label: intl.formatMessage({ id: 'tab.comments', defaultMessage: 'Comments' }) },
    ...(canManage(session, data.members)
      ? [
          { to: `${base}/moderation`, end: false, label: intl.formatMessage({ id: 'tab.moderation', defaultMessage: 'Moderation' }) },
          { to: `${base}/settings`, end: false, label: intl.formatMessage({ id: 'tab.settings', defaultMessage: 'Settings' }) },
        ]
      : []),
  ];

  return (
    <div className="cat-project" data-project-id={p.id}>
      <header className="cat-project__header ms-card">
        <ProjectIcon url={p.icon_url} title={p.title} size={96} />
        <div className="cat-project__heading">
          <h1 className="cat-project__title">{p.title}</h1>
          <p className="cat-project__summary">{p.description}</p>
          <div className="cat-project__stats">
            <Tooltip
              content={
                <FormattedMessage
                  id="project.exactDownloads"
                  defaultMessage="{count, plural, one {{n} download} other {{n} downloads}}"
                  values={{ count: p.downloads, n: p.downloads.toLocaleString('en-US') }}
                />
              }
            >
              <span data-testid="project-downloads" tabIndex={0}>
                <FormattedMessage
                  id="card.downloadsCount"
                  defaultMessage="{compact, select, yes {{n} downloads} other {{count, plural, one {{n} download} other {{n} downloads}}}}"
                  values={countValues(p.downloads, (t) => (
                    <strong>{t}</strong>
                  ))}
                />
              </span>
            </Tooltip>
            <span data-testid="project-followers">
              <FormattedMessage
                id="card.followersCount"
                defaultMessage="{compact, select, yes {{n} followers} other {{count, plural, one {{n} follower} other {{n} followers}}}}"
                values={countValues(followers, (t) => (
                  <strong>{t}</strong>
                ))}
              />
            </span>
            <ul className="cat-tags">
              {[...p.categories, ...(p.additional_categories ?? [])].map((c) => (
                <li key={c}>{formatCategory(c)}</li>
              ))}
            </ul>
            <span className="ms-muted" title={p.updated}>
              <FormattedMessage id="card.updated" defaultMessage="Updated {when}" values={{ when: formatRelativeTime(p.updated, intl.locale) }} />
            </span>
          </div>
        </div>
        <div className="cat-project__actions">
          <button type="button" className="ms-btn ms-btn--primary" onClick={follow} disabled={busy} aria-pressed={following}>
            {following ? (
              <FormattedMessage id="project.unfollow" defaultMessage="Unfollow" />
            ) : (
              <FormattedMessage id="project.follow" defaultMessage="Follow" />
            )}
          </button>
          <Link className="ms-btn" to={session ? reportHref : signInPath(reportHref)}>
            <FormattedMessage id="project.report" defaultMessage="Report" />
          </Link>
          <Dropdown label={<span aria-label={intl.formatMessage({ id: 'project.more', defaultMessage: 'More options' })}>⋯</span>}>
            <button
              type="button"
              role="menuitem"
              onClick={() => copy(window.location.origin + base, intl.formatMessage({ id: 'project.linkCopied', defaultMessage: 'Link copied' }))}
            >
              <FormattedMessage id="project.copyLink" defaultMessage="Copy link" />
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={() => copy(p.id, intl.formatMessage({ id: 'project.idCopied', defaultMessage: 'Project ID copied' }))}
            >
              <FormattedMessage id="project.copyId" defaultMessage="Copy ID" />
            </button>
          </Dropdown>
        </div>
      </header>
      <div className={`cat-project__layout${prefs.projectLayout ? ' cat-project__layout--left' : ''}`}>
        <div className="cat-project__content">
          <nav className="cat-tabs" aria-label={intl.formatMessage({ id: 'project.tabs', defaultMessage: 'Project sections' })}>
            {tabs.map((t) => (
              <NavLink key={t.to} to={t.to} end={t.end}>
                {t.label}
              </NavLink>
            ))}
          </nav>
          <Suspense fallback={<div className="cat-loading" aria-busy="true" />}>
            <Routes>
              <Route index element={<OverviewTab project={p} />} />
              <Route path="gallery" element={<GalleryTab project={p} />} />
              <Route path="changelog" element={<ChangelogTab data={data} loaded={versionsLoaded} />} />
              <Route path="versions" element={<VersionsTab data={data} loaded={versionsLoaded} />} />
              <Route path="version/:version" element={<VersionRoute data={data} loaded={versionsLoaded} />} />
              <Route path="version/:version/edit" element={<VersionEditRoute data={data} />} />
              <Route path="settings/*" element={<SettingsRoute data={data} />} />
              <Route path="comments" element={<CommentsTab data={data} />} />
              <Route path="moderation" element={<ModerationTab data={data} />} />
              <Route path="*" element={<NotFound path={location.pathname} />} />
            </Routes>
          </Suspense>
        </div>
        <AboutSidebar data={data} />
      </div>
    </div>
  );
}
