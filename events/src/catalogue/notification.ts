import { z } from 'zod';
import { defineEvent } from '../registry';
import { id } from './fields';

/**
 * Stream: notifications-<user_id>: what the user did with their notifications.
 * The notifications themselves are not events: the read side derives them from
 * the events they are about (a version of a followed project, a team invite, ...),
 * with ids fixed by the source event and the recipient, so replay gives the same ones.
 */
export const notificationsStream = (userId: string) => `notifications-${userId}`;

export const NotificationsRead = defineEvent('NotificationsRead', 1, z.object({ ids: z.array(id).min(1) }));
export const NotificationsDeleted = defineEvent('NotificationsDeleted', 1, z.object({ ids: z.array(id).min(1) }));
