import { NotificationsDeleted, NotificationsRead, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { notFound } from '@modshelf/contract';
import type { Decider } from '../kernel/decider';

/** Stream notifications-<user>: what the user did with their notifications. */
export interface NotificationsState {
  read: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
}

/**
 * Mark read or delete. The ids were checked to be the user's notifications (by the read model's
 * directory); `strict` (a single-notification route) answers 404 for one already deleted, the bulk
 * routes skip such ids. Doing again what is done writes nothing.
 */
export type NotificationCommand = { kind: 'read' | 'delete'; ids: string[]; strict: boolean };

export const notificationNotFound = () => notFound('The requested notification was not found');

export function evolveNotifications(s: NotificationsState, e: RecordedEvent): NotificationsState {
  if (NotificationsRead.is(e)) return { ...s, read: new Set([...s.read, ...e.data.ids]) };
  if (NotificationsDeleted.is(e)) return { ...s, deleted: new Set([...s.deleted, ...e.data.ids]) };
  return s;
}

export function decideNotifications(c: NotificationCommand, s: NotificationsState): DecidedEvent[] {
  const ids = [...new Set(c.ids)];
  if (c.strict && ids.some((id) => s.deleted.has(id))) throw notificationNotFound();
  const live = ids.filter((id) => !s.deleted.has(id));
  const todo = c.kind === 'read' ? live.filter((id) => !s.read.has(id)) : live;
  if (todo.length === 0) return [];
  return [c.kind === 'read' ? NotificationsRead({ ids: todo }) : NotificationsDeleted({ ids: todo })];
}

export const notificationsDecider: Decider<NotificationCommand, NotificationsState> = {
  initialState: { read: new Set(), deleted: new Set() },
  evolve: evolveNotifications,
  decide: decideNotifications,
};
