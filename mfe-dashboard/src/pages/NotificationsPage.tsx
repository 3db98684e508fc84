import { Link } from 'react-router';
import { caughtUp, invalidateApiCache, useApi, usePageMeta, useT } from '@modshelf/web-kit';
import { Loading, useAction, useUser } from '../common';
import { dashboard } from '../lib/api';
import { splitNotifications } from '../lib/logic';
import { NotificationItem } from './NotificationItem';

/** /dashboard/notifications (unread) and /dashboard/notifications/history (read ones). */
export function NotificationsPage({ history }: { history: boolean }) {
  const t = useT();
  const user = useUser();
  const title = history ? t('notifications.history', 'Notification history') : t('nav.notifications', 'Notifications');
  usePageMeta(title);
  const list = useApi(`dashboard:notifications:${user.id}`, (s) => dashboard.notifications(user.id, s));
  const bulk = useAction();
  const { unread, read } = splitNotifications(list.data ?? []);
  const shown = history ? read : unread;
  const done = async (r: { position: number | null } | undefined) => {
    if (!r) return;
    await caughtUp(r.position);
    invalidateApiCache('dashboard:');
    list.reload();
  };
  return (
    <div className="dash-stack">
      <div className="dash-card__head">
        <h1>{title}</h1>
        <div className="dash-row">
          {history ? (
            <Link className="ms-btn" to="/dashboard/notifications">
              {t('notifications.back', 'Back to notifications')}
            </Link>
          ) : (
            <Link className="ms-btn" to="/dashboard/notifications/history">
              {t('notifications.viewHistory', 'View history')}
            </Link>
          )}
          {!history && unread.length > 0 && (
            <button
              type="button"
              className="ms-btn"
              disabled={bulk.busy}
              onClick={async () => done(await bulk.run(() => dashboard.markAllRead(unread.map((n) => n.id))))}
            >
              {t('notifications.markAllRead', 'Mark all as read')}
            </button>
          )}
          {history && read.length > 0 && (
            <button
              type="button"
              className="ms-btn"
              disabled={bulk.busy}
              onClick={async () => done(await bulk.run(() => dashboard.deleteNotifications(read.map((n) => n.id))))}
            >
              {t('notifications.clearHistory', 'Clear history')}
            </button>
          )}
        </div>
      </div>
      {!list.data ? (
        list.error ? (
          <p className="ms-error">{list.error.message}</p>
        ) : (
          <Loading />
        )
      ) : shown.length === 0 ? (
        <p className="ms-muted" data-testid="notifications-empty">
          {history ? t('notifications.noHistory', 'No read notifications.') : t('notifications.none', 'You have no unread notifications.')}
        </p>
      ) : (
        <ul className="dash-list dash-list--plain">
          {shown.map((n) => (
            <NotificationItem key={n.id} n={n} onChange={list.reload} />
          ))}
        </ul>
      )}
    </div>
  );
}
