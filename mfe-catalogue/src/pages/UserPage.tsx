import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { api, layoutFor, displayPreferencesAtom, ERRORS, formatDate, formatNumber, organizationPath, usePageMeta, useApi, userPath } from '@modshelf/web-kit';
import { ApiErrorScreen } from '../components/ApiErrorScreen';
import { ProjectIcon } from '../components/ProjectCard';
import { ProjectsByType } from '../components/ProjectsByType';
import { UserBadges } from '../components/UserBadges';

export function UserPage() {
  const prefs = useAtomValue(displayPreferencesAtom);
  const intl = useIntl();
  const { id = '', projectType } = useParams();
  const user = useApi(`user:${id}`, (s) => api.user(id, s));
  const projects = useApi(user.data ? `user-projects:${user.data.id}` : null, (s) => api.userProjects(user.data!.id, s));
  const orgs = useApi(user.data ? `user-orgs:${user.data.id}` : null, (s) => api.userOrganizations(user.data!.id, s).catch(() => []));
  const collections = useApi(user.data ? `user-collections:${user.data.id}` : null, (s) => api.userCollections(user.data!.id, s).catch(() => []));
  usePageMeta(user.data?.username, user.data?.bio ?? undefined);
  if (user.error) return <ApiErrorScreen error={user.error} notFound={ERRORS.userNotFound} />;
  if (!user.data) return <div className="cat-loading" aria-busy="true" />;
  const u = user.data;
  const list = projects.data ?? [];
  const downloads = list.reduce((n, p) => n + p.downloads, 0);
  const followers = list.reduce((n, p) => n + p.followers, 0);
  return (
    <div className="cat-profile">
      <aside className="cat-profile__card ms-card">
        <ProjectIcon url={u.avatar_url} title={u.username} size={96} />
        <h1>{u.username}</h1>
        <UserBadges bits={u.badges} />
        {u.bio && <p>{u.bio}</p>}
        <dl className="cat-meta">
          <dt>
            <FormattedMessage id="user.projects" defaultMessage="Projects" />
          </dt>
          <dd data-testid="user-project-count">{formatNumber(list.length)}</dd>
          <dt>
            <FormattedMessage id="user.downloads" defaultMessage="Downloads" />
          </dt>
          <dd>{formatNumber(downloads)}</dd>
          <dt>
            <FormattedMessage id="user.followers" defaultMessage="Project followers" />
          </dt>
          <dd>{formatNumber(followers)}</dd>
          <dt>
            <FormattedMessage id="user.joined" defaultMessage="Joined" />
          </dt>
          <dd>{formatDate(u.created, intl.locale)}</dd>
          <dt>
            <FormattedMessage id="user.id" defaultMessage="User ID" />
          </dt>
          <dd>
            <code>{u.id}</code>
          </dd>
        </dl>
        {(orgs.data ?? []).length > 0 && (
          <>
            <h3>
              <FormattedMessage id="user.organizations" defaultMessage="Organizations" />
            </h3>
            <ul className="cat-links">
              {orgs.data!.map((o) => (
                <li key={o.id}>
                  <Link to={organizationPath(o)}>{o.name}</Link>
                </li>
              ))}
            </ul>
          </>
        )}
        {(collections.data ?? []).length > 0 && (
          <>
            <h3>
              <FormattedMessage id="user.collections" defaultMessage="Collections" />
            </h3>
            <ul className="cat-links">
              {collections.data!.map((c) => (
                <li key={c.id}>
                  <Link to={`/collection/${c.id}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </aside>
      <ProjectsByType projects={list} base={userPath(u)} selected={projectType} layout={layoutFor(prefs, 'user')} />
    </div>
  );
}
