import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isId, notificationsStream, type Actor, type EventStore } from '@modshelf/events';
import { invalidInput } from '@modshelf/service-kit';
import { execute } from '../kernel/execute';
import { commandContext, noContent } from '../catalogue/http';
import { requireScopes } from '../catalogue/actor.hook';
import { notificationNotFound, notificationsDecider } from './notification.decider';

/**
 * Who owns which notifications. Notifications are read models (made by the read side's notification
 * projector from the events they are about), so the write side asks the read models: the embedded
 * site passes projection-service's notificationDirectory. It must wait until it has seen `minPosition`.
 */
export interface NotificationDirectory {
  owners(ids: readonly string[], minPosition: number): Promise<Map<string, string>>;
}

export interface NotificationCommandDeps {
  store: EventStore;
  notifications: NotificationDirectory;
}

function parseIds(raw: unknown): string[] {
  if (typeof raw !== 'string') throw invalidInput('ids is required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidInput('Error while parsing ids: not valid JSON');
  }
  if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string')) throw invalidInput('ids must be a JSON array of strings');
  if (parsed.length > 1000) throw invalidInput('at most 1000 ids at once');
  return parsed as string[];
}

const isAdmin = (a: Actor) => a.role === 'admin';

/**
 * Notification read state (Modrinth v2), all NOTIFICATION_WRITE, on the owner's notifications-<user> stream:
 * PATCH /v2/notification/{id} (mark read), DELETE /v2/notification/{id}; PATCH|DELETE /v2/notifications?ids=[...].
 * A user acts on their own notifications, admins on anyone's; others' and unknown ones are 404
 * (single) or skipped (bulk).
 */
export function registerNotificationCommands(app: FastifyInstance, deps: NotificationCommandDeps): void {
  async function run(request: FastifyRequest, actor: Actor, kind: 'read' | 'delete', ids: string[], strict: boolean): Promise<number> {
    const valid = ids.filter(isId);
    const owners = valid.length ? await deps.notifications.owners(valid, await deps.store.headPosition()) : new Map<string, string>();
    const byOwner = new Map<string, string[]>();
    for (const id of valid) {
      const owner = owners.get(id);
      if (owner === undefined || (owner !== actor.userId && !isAdmin(actor))) continue;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), id]);
    }
    if (strict && byOwner.size === 0) throw notificationNotFound();
    let position = 0;
    for (const [owner, mine] of byOwner) {
      const r = await execute(deps.store, notificationsStream(owner), notificationsDecider, { kind, ids: mine, strict }, commandContext(request, actor.userId));
      position = Math.max(position, r.position);
    }
    return position || deps.store.headPosition();
  }

  for (const [method, kind] of [
    ['PATCH', 'read'],
    ['DELETE', 'delete'],
  ] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/v2/notification/:id',
      handler: async (request, reply) => {
        const actor = requireScopes(request, 'NOTIFICATION_WRITE');
        return noContent(reply, await run(request, actor, kind, [request.params.id], true));
      },
    });
    app.route<{ Querystring: Record<string, string> }>({
      method,
      url: '/v2/notifications',
      handler: async (request, reply) => {
        const actor = requireScopes(request, 'NOTIFICATION_WRITE');
        return noContent(reply, await run(request, actor, kind, parseIds(request.query.ids), false));
      },
    });
  }
}
