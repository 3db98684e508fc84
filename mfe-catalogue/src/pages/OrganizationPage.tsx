import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { api, displayPreferencesAtom, formatNumber, layoutFor, loading, organizationPath, sessionAtom, usePageMeta, useApi, userPath } from '@modshelf/web-kit';
import { ApiErrorScreen } from '../components/ApiErrorScreen';
import { ProjectIcon } from '../components/ProjectCard';
import { ProjectsByType } from '../components/ProjectsByType';
import { UserBadges } from '../components/UserBadges';

const OrganizationSettings = lazy(() => loading.track(import('../organization/OrganizationSettings')).then((m) => ({ default: m.OrganizationSettings })));

export function OrganizationPage() {
  const prefs = useAtomValue(displayPreferencesAtom);
  const { id = '', projectType } = useParams();
  // (the '*' param here would be the shell's splat, so the settings area is told from the path)
  const settings = /^\/organization\/[^/]+\/settings(\/|$)/.test(useLocation().pathname);
  const user = useAtomValue(sessionAtom)?.user;
  const org = useApi(`organization:${id}`, (s) => api.organization(id, s));
  const projects = useApi(org.data ? `org-projects:${org.data.id}` : null, (s) => api.organizationProjects(org.data!.id, s));
  usePageMeta(org.data?.name, org.data?.description);
  if (org.error) return <ApiErrorScreen error={org.error} notFound={`Page Not Found: /organization/${id}`} />;
  if (!org.data) return <div className="cat-loading" aria-busy="true" />;
  if (settings) {
    return (
      <Suspense fallback={<div className="cat-loading" aria-busy="true" />}>
        <OrganizationSettings org={org.data} reload={org.reload} />
      </Suspense>
    );
  }
  const o = org.data;
  const list = projects.data ?? [];
  const manages = !!user && (user.role === 'admin' || user.role === 'moderator' || (o.members ?? []).some((m) => m.user.id === user.id && m.accepted));
  return (
    <div className="cat-profile">
      <aside className="cat-profile__card ms-card">
        <ProjectIcon url={o.icon_url} title={o.name} size={96} />
        <h1>{o.name}</h1>
        <p>{o.description}</p>
        {manages && (
          <Link className="ms-btn" to={`${organizationPath(o)}/settings`}>
            <FormattedMessage id="org.manage" defaultMessage="Manage organization" />
          </Link>
        )}
        <dl className="cat-meta">
          <dt>
            <FormattedMessage id="user.projects" defaultMessage="Projects" />
          </dt>
          <dd>{formatNumber(list.length)}</dd>
          <dt>
            <FormattedMessage id="user.downloads" defaultMessage="Downloads" />
          </dt>
          <dd>{formatNumber(list.reduce((n, p) => n + p.downloads, 0))}</dd>
        </dl>
        <h3>
          <FormattedMessage id="org.members" defaultMessage="Members" />
        </h3>
        <ul className="cat-members">
          {(o.members ?? []).map((m) => (
            <li key={m.user.id}>
              <Link to={userPath(m.user)}>{m.user.username}</Link> <span className="ms-muted">{m.role}</span> <UserBadges bits={m.user.badges} />
            </li>
          ))}
        </ul>
      </aside>
      <ProjectsByType projects={list} base={organizationPath(o)} selected={projectType} layout={layoutFor(prefs, 'user')} />
    </div>
  );
}
