import { createHash } from 'node:crypto';
import {
  NotificationsDeleted,
  NotificationsRead,
  OrganizationMemberAdded,
  ProjectStatusChanged,
  ReportClosed,
  ReportReopened,
  TeamMemberAdded,
  ThreadMessageSent,
  UserDeleted,
  VersionPublished,
  toBase62,
  type RecordedEvent,
} from '@modshelf/events';
import type { NotificationDoc } from '../read-model/community-documents';
import { defineProjector, documentProjection, noJoin, streamEntity, typesOf, type ReadView } from './evolve';
import { noticeOf, type Notice } from './notification-notices';

const MIN_8 = 62n ** 7n;
const SPAN_8 = 62n ** 8n - MIN_8;

/** A notification's id: fixed by the event it is about and its recipient, so a replay makes the same ones. */
export function notificationId(eventId: string, userId: string): string {
  const n = createHash('sha256').update(`${eventId}:${userId}`).digest().readBigUInt64BE();
  return toBase62(MIN_8 + (n % SPAN_8));
}

/** A notice and its recipients by notification id: nobody is told about what they did themselves, nor a deleted account. */
interface Addressed {
  notice: Notice;
  recipients: Map<string, string>;
}

async function addressed(e: RecordedEvent, read: ReadView): Promise<Addressed | null> {
  const notice = await noticeOf(e, read);
  if (!notice) return null;
  const recipients = new Map<string, string>();
  for (const userId of new Set(notice.to)) {
    if (userId === e.metadata.actor) continue;
    const id = notificationId(e.metadata.eventId, userId);
    if (await read.get('notifications', id)) continue; // idempotent
    if (!(await read.get('users', userId))) continue; // no account (deleted): nobody to tell
    recipients.set(id, userId);
  }
  return { notice, recipients };
}

/** A new notification (an existing one stays as it is: a replayed event notifies nobody twice). */
export function evolveNotice(doc: NotificationDoc | null, e: RecordedEvent, a: Addressed | null, id: string): NotificationDoc | null {
  const userId = a?.recipients.get(id);
  if (doc || !a || !userId) return doc;
  const d = a.notice.draft;
  return {
    id,
    user_id: userId,
    type: d.type,
    title: d.title,
    text: d.text,
    link: d.link,
    read: false,
    created: e.metadata.time,
    actions: d.actions ?? [],
    source_event: e.metadata.eventId,
  };
}

const notices = documentProjection({
  collection: 'notifications',
  canHandle: typesOf(VersionPublished, TeamMemberAdded, OrganizationMemberAdded, ReportClosed, ReportReopened, ProjectStatusChanged, ThreadMessageSent),
  join: addressed,
  documentIds: (_e, a) => (a ? [...a.recipients.keys()] : []),
  evolve: evolveNotice,
});

/** A notification read or deleted by its owner (stream notifications-<user>), or gone with the account. */
export function evolveNotification(n: NotificationDoc | null, e: RecordedEvent): NotificationDoc | null {
  if (UserDeleted.is(e)) return null;
  if (!n || n.user_id !== streamEntity(e.streamId)) return n;
  if (NotificationsDeleted.is(e)) return null;
  if (NotificationsRead.is(e) && !n.read) return { ...n, read: true };
  return n;
}

const notifications = documentProjection({
  collection: 'notifications',
  canHandle: typesOf(NotificationsRead, NotificationsDeleted, UserDeleted),
  join: noJoin,
  documentIds: (e, _join, read) => {
    if (UserDeleted.is(e)) return read.findIds('notifications', 'user', streamEntity(e.streamId));
    return NotificationsRead.is(e) || NotificationsDeleted.is(e) ? e.data.ids : [];
  },
  evolve: evolveNotification,
});

/**
 * The notifications process: a projector that turns events into per-user notifications (Modrinth v2
 * shape; who is told what: notification-notices.ts). Reading and deleting are commands on
 * notifications-<user> (NotificationsRead / NotificationsDeleted).
 */
export const notificationProjector = defineProjector({ name: 'notificationProjector', documents: [notices, notifications] });
