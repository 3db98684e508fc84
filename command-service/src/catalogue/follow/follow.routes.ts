import type { FastifyInstance } from 'fastify';
import { followsStream } from '@modshelf/events';
import { notFound } from '@modshelf/service-kit';
import { execute } from '../../kernel/execute';
import { toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { commandContext, noContent } from '../http';
import { requireScopes } from '../actor.hook';
import { loadProject, resolveProject } from '../project/project.service';
import { canSeeProject } from '../project/project.state';
import { followDecider } from './follow.decider';

/** POST / DELETE /v2/project/{id|slug}/follow (USER_WRITE), on the follows-<user> stream. */
export function registerFollowRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  for (const method of ['POST', 'DELETE'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/v2/project/:id/follow',
      handler: async (request, reply) => {
        const actor = requireScopes(request, 'USER_WRITE');
        const pid = await resolveProject(ctx, request.params.id);
        if (!canSeeProject(await loadProject(ctx, pid), toCommandActor(actor))) throw notFound();
        const result = await execute(
          ctx.store,
          followsStream(actor.userId),
          followDecider,
          { kind: method === 'POST' ? 'follow' : 'unfollow', user_id: actor.userId, project_id: pid },
          commandContext(request, actor.userId),
        );
        return noContent(reply, result.position);
      },
    });
  }
}
