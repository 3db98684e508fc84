import type { FastifyInstance } from 'fastify';
import type { Actor } from '@modshelf/events';
import { hasScope, missingScope, notFound, unauthorized } from '@modshelf/service-kit';
import type { NotificationDoc } from '../read-model/community-documents';
import type { Projections } from '../runner/runner';
import { notificationView } from '../views/notification.view';
import { findUser, jsonStringArray, userNotFound, type QueryDeps } from './context';
import { actorOf, minPositionWait } from './http';

const isAdmin = (a: Actor) => a.role === 'admin';
const newestFirst = (a: NotificationDoc, b: NotificationDoc) => Date.parse(b.created) - Date.parse(a.created) || (a.id < b.id ? -1 : 1);

/**
 * Who owns which notifications, for the write side's read/delete commands (the command service
 * cannot derive notifications itself: they are read models). Waits, bounded, until the projections
 * passed `minPosition`, so a notification made by an acknowledged command is found.
 */
export function notificationDirectory(projections: Projections) {
  return {
    async owners(ids: readonly string[], minPosition: number): Promise<Map<string, string>> {
      if (minPosition > projections.checkpoint('read-models')) await projections.waitForPosition(minPosition, 3000, 'read-models');
      const docs = await projections.storage.readModels.getMany('notifications', [...new Set(ids)]);
      return new Map(docs.map((n) => [n.id, n.user_id]));
    },
  };
}

/**
 * Notifications (Modrinth v2): GET /v2/user/{id}/notifications, GET /v2/notifications?ids=,
 * GET /v2/notification/{id}; NOTIFICATION_READ; a user sees their own, admins anyone's.
 */
export function registerNotificationQueryRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);
  const reader = (req: Parameters<typeof actorOf>[0]): Actor => {
    const a = actorOf(req);
    if (!a) throw unauthorized();
    if (!hasScope(a.scopes, 'NOTIFICATION_READ')) throw missingScope('NOTIFICATION_READ');
    return a;
  };

  app.get<{ Params: { id: string } }>('/v2/user/:id/notifications', { preHandler }, async (req) => {
    const a = reader(req);
    const u = await findUser(rm(), req.params.id);
    if (!u) throw userNotFound();
    if (u.id !== a.userId && !isAdmin(a)) throw unauthorized('You do not have permission to see the notifications of this user!');
    const list = await rm().getMany('notifications', await rm().findIds('notifications', 'user', u.id));
    return list.sort(newestFirst).map(notificationView);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/notifications', { preHandler }, async (req) => {
    const a = reader(req);
    const list = await rm().getMany('notifications', jsonStringArray(req.query.ids, 'ids'));
    return list.filter((n) => n.user_id === a.userId || isAdmin(a)).map(notificationView);
  });

  app.get<{ Params: { id: string } }>('/v2/notification/:id', { preHandler }, async (req) => {
    const a = reader(req);
    const n = await rm().get('notifications', req.params.id);
    if (!n || (n.user_id !== a.userId && !isAdmin(a))) throw notFound('The requested notification was not found');
    return notificationView(n);
  });
}
