import { Link } from 'react-router';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { caughtUp, formatRelativeTime, invalidateApiCache, useT } from '@modshelf/web-kit';
import { renderInlineMarkdown } from '@modshelf/web-kit/markdown';
import { useAction } from '../common';
import { dashboard, type Notification } from '../lib/api';
import { internalLink, isInvite } from '../lib/logic';

/** One notification: title, text, time, its actions (accept/deny an invite), mark read and delete. */
export function NotificationItem({ n, onChange }: { n: Notification; onChange: () => void }) {
  const t = useT();
  const intl = useIntl();
  const action = useAction();
  const href = internalLink(n.link);
  const title = useMemo(() => renderInlineMarkdown(n.title), [n.title]);
  const after = async (r: { position: number | null } | undefined) => {
    if (!r) return;
    await caughtUp(r.position);
    invalidateApiCache('dashboard:');
    onChange();
  };
  return (
    <li className={`dash-notification${n.read ? '' : ' dash-notification--unread'}`} data-testid="notification" data-type={n.type ?? ''}>
      <div>
        {/* titles carry markdown ("**Project** has been updated!"): rendered inline and sanitized */}
        <strong data-testid="notification-title">
          {href ? <Link to={href} dangerouslySetInnerHTML={{ __html: title }} /> : <span dangerouslySetInnerHTML={{ __html: title }} />}
        </strong>
        <p>{n.text}</p>
        <small className="ms-muted" title={n.created}>
          {formatRelativeTime(n.created, intl.locale)}
        </small>
      </div>
      <div className="dash-row">
        {!n.read &&
          n.actions.map((a) => (
            <button
              key={a.title}
              type="button"
              className={`ms-btn${a.title === 'Accept' ? ' ms-btn--primary' : ''}`}
              disabled={action.busy}
              onClick={async () => {
                // an invite's answer is the action itself; then the notification is done
                const r = await action.run(
                  async () => {
                    const done = await dashboard.runAction(a);
                    const read = await dashboard.markRead(n.id);
                    return { position: Math.max(done.position ?? 0, read.position ?? 0) || null };
                  },
                  isInvite(n)
                    ? a.title === 'Accept'
                      ? t('notifications.accepted', 'Invitation accepted')
                      : t('notifications.declined', 'Invitation declined')
                    : undefined,
                );
                await after(r);
              }}
            >
              {a.title === 'Accept' ? t('notifications.accept', 'Accept') : a.title === 'Deny' ? t('notifications.deny', 'Deny') : a.title}
            </button>
          ))}
        {!n.read && !isInvite(n) && (
          <button type="button" className="ms-btn" disabled={action.busy} onClick={async () => after(await action.run(() => dashboard.markRead(n.id)))}>
            {t('notifications.markRead', 'Mark as read')}
          </button>
        )}
        <button type="button" className="ms-btn" disabled={action.busy} onClick={async () => after(await action.run(() => dashboard.deleteNotification(n.id)))}>
          {t('common.delete', 'Delete')}
        </button>
      </div>
    </li>
  );
}
