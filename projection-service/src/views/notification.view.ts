import type { Notification } from '@modshelf/contract/v2';
import type { NotificationDoc } from '../read-model/community-documents';

/** Modrinth's v2 Notification. */
export const notificationView = (n: NotificationDoc): Notification => ({
  id: n.id,
  user_id: n.user_id,
  type: n.type,
  title: n.title,
  text: n.text,
  link: n.link,
  read: n.read,
  created: n.created,
  actions: n.actions,
});
