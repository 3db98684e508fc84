import { Link } from 'react-router';
import { formatNumber, formatRelativeTime, projectPath, useApi, usePageMeta, useT } from '@modshelf/web-kit';
import { useIntl } from 'react-intl';
import { Loading, StatusBadge, useUser } from '../common';
import { dashboard } from '../lib/api';
import { splitNotifications, summarizeProjects } from '../lib/logic';
import { NotificationItem } from './NotificationItem';

/** /dashboard: a summary of your projects and your newest unread notifications. */
export function HomePage() {
  const t = useT();
  const intl = useIntl();
  const user = useUser();
  usePageMeta(t('nav.title', 'Dashboard'));
  const projects = useApi(`dashboard:projects:${user.id}`, (s) => dashboard.userProjects(user.id, s));
  const notifications = useApi(`dashboard:notifications:${user.id}`, (s) => dashboard.notifications(user.id, s));
  const sum = summarizeProjects(projects.data ?? []);
  const unread = splitNotifications(notifications.data ?? []).unread;
  return (
    <div className="dash-stack">
      <h1>{t('nav.title', 'Dashboard')}</h1>
      <section className="ms-card dash-card" aria-label={t('home.projects', 'Your projects')} data-testid="home-projects">
        <div className="dash-card__head">
          <h2>{t('home.projects', 'Your projects')}</h2>
          <Link to="/dashboard/projects">{t('home.allProjects', 'See all')}</Link>
        </div>
        {!projects.data ? (
          projects.error ? (
            <p className="ms-error">{projects.error.message}</p>
          ) : (
            <Loading />
          )
        ) : (
          <>
            <dl className="dash-figures">
              <div>
                <dt>{t('home.total', 'Projects')}</dt>
                <dd>{formatNumber(sum.total)}</dd>
              </div>
              <div>
                <dt>{t('home.listed', 'Listed')}</dt>
                <dd>{formatNumber(sum.listed)}</dd>
              </div>
              <div>
                <dt>{t('home.review', 'Under review')}</dt>
                <dd>{formatNumber(sum.review)}</dd>
              </div>
              <div>
                <dt>{t('home.draft', 'Drafts')}</dt>
                <dd>{formatNumber(sum.draft)}</dd>
              </div>
              <div>
                <dt>{t('home.downloads', 'Downloads')}</dt>
                <dd>{formatNumber(sum.downloads)}</dd>
              </div>
              <div>
                <dt>{t('home.followers', 'Followers')}</dt>
                <dd>{formatNumber(sum.followers)}</dd>
              </div>
            </dl>
            {sum.total === 0 ? (
              <p className="ms-muted">
                {t('home.noProjects', 'You have no projects yet.')} <Link to="/dashboard/projects">{t('home.create', 'Create a project')}</Link>
              </p>
            ) : (
              <ul className="dash-list">
                {[...projects.data]
                  .sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated))
                  .slice(0, 5)
                  .map((p) => (
                    <li key={p.id}>
                      <Link to={projectPath(p)}>{p.title}</Link> <StatusBadge status={p.status} />
                      <span className="ms-muted">{formatRelativeTime(p.updated, intl.locale)}</span>
                    </li>
                  ))}
              </ul>
            )}
          </>
        )}
      </section>
      <section className="ms-card dash-card" aria-label={t('home.notifications', 'Notifications')}>
        <div className="dash-card__head">
          <h2>{t('home.notifications', 'Notifications')}</h2>
          <Link to="/dashboard/notifications">{t('home.allNotifications', 'See all')}</Link>
        </div>
        {!notifications.data ? (
          notifications.error ? (
            <p className="ms-error">{notifications.error.message}</p>
          ) : (
            <Loading />
          )
        ) : unread.length === 0 ? (
          <p className="ms-muted">{t('notifications.none', 'You have no unread notifications.')}</p>
        ) : (
          <ul className="dash-list dash-list--plain">
            {unread.slice(0, 5).map((n) => (
              <NotificationItem key={n.id} n={n} onChange={notifications.reload} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
