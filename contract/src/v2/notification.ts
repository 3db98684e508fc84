import { z } from 'zod';
import { DateTime, Id } from './common';

export const NotificationAction = z.strictObject({ title: z.string(), action_route: z.tuple([z.string(), z.string()]) });
export const Notification = z.strictObject({
  id: Id,
  user_id: Id,
  type: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  link: z.string(),
  read: z.boolean(),
  created: DateTime,
  actions: z.array(NotificationAction),
});
export type Notification = z.output<typeof Notification>;
export type NotificationAction = z.output<typeof NotificationAction>;
