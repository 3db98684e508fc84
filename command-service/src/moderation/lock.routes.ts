import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectStream, reviewLockStream, type EventStore } from '@modshelf/events';
import { notFound } from '@modshelf/service-kit';
import { execute } from '../kernel/execute';
import { commandContext, noContent, withPosition } from '../catalogue/http';
import { requireScopes } from '../catalogue/actor.hook';
import { reviewLockDecider } from './lock.decider';

export interface ModerationCommandDeps {
  store: EventStore;
  now?: () => Date;
}

const ID = /^[0-9A-Za-z]{8}$/;

/**
 * Review locks (Modrinth's internal /moderation/lock/{pid}):
 * POST /v2/moderation/lock/{project_id}[?force=true] takes or extends the lock (200 {project_id, locked_by, expires});
 * DELETE /v2/moderation/lock/{project_id}[?force=true] releases it (204). Staff with PROJECT_WRITE.
 * The lock's state is read by GET /v2/moderation/lock/{project_id} on the query side.
 */
export function registerModerationCommands(app: FastifyInstance, deps: ModerationCommandDeps): void {
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const target = async (raw: string) => {
    if (!ID.test(raw) || (await deps.store.streamRevision(projectStream(raw))) < 0) throw notFound('The requested project was not found');
    return raw;
  };
  const forced = (q: unknown) => (q as Record<string, unknown> | undefined)?.force === 'true';

  /** Runs `kind` on the lock of the project in the path, as the staff member who asks. */
  const lockCommand = async (request: FastifyRequest<{ Params: { id: string } }>, kind: 'acquire' | 'release') => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const projectId = await target(request.params.id);
    const result = await execute(
      deps.store,
      reviewLockStream(projectId),
      reviewLockDecider,
      { kind, actor, projectId, now: now(), force: forced(request.query) },
      commandContext(request, actor.userId),
    );
    return { actor, projectId, result };
  };

  app.post<{ Params: { id: string } }>('/v2/moderation/lock/:id', async (request, reply) => {
    const { actor, projectId, result } = await lockCommand(request, 'acquire');
    return withPosition(reply, result.position)
      .status(200)
      .send({
        project_id: projectId,
        locked_by: { id: actor.userId, username: actor.username },
        expires: result.state.expires,
      });
  });

  app.delete<{ Params: { id: string } }>('/v2/moderation/lock/:id', async (request, reply) => {
    const { result } = await lockCommand(request, 'release');
    return noContent(reply, result.position);
  });
}
