import type { FastifyInstance } from 'fastify';
import { PROJECT_PERMISSIONS as P, notFound } from '@modshelf/service-kit';
import { toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { noContent, commandContext } from '../http';
import { requireScopes } from '../actor.hook';
import { loadProject, resolveProject, resolveProjectRef, runProjectCommand } from '../project/project.service';
import { canSeeProject, permissionsOf } from '../project/project.state';
import { requireVersionAccess } from '../version/version.decider';
import { loadVersion, projectAccess, resolveVersion, runVersionCommand } from '../version/version.service';
import { scheduleProjectInput, scheduleVersionInput } from '@modshelf/contract/v2';

type IdParams = { id: string };

/**
 * Scheduled releases, as Modrinth: POST .../schedule {time, requested_status} sets the
 * status to `scheduled` until `time` (posting again moves it). Modrinth has no cancel; here
 * DELETE .../schedule returns the item to the status it had before scheduling, and GET
 * .../schedule shows the team the pending release (others get 404, as for any hidden item).
 */
export function registerScheduleRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  app.post<{ Params: IdParams }>('/v2/project/:id/schedule', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const input = scheduleProjectInput.parse(request.body ?? {});
    const project = await resolveProjectRef(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, {
      kind: 'schedule',
      actor: toCommandActor(actor),
      time: new Date(input.time).toISOString(),
      requested_status: input.requested_status,
      now: ctx.now().toISOString(),
    });
    return noContent(reply, result.position);
  });

  app.delete<{ Params: IdParams }>('/v2/project/:id/schedule', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const project = await resolveProjectRef(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, { kind: 'cancel-schedule', actor: toCommandActor(actor) });
    return noContent(reply, result.position);
  });

  app.get<{ Params: IdParams }>('/v2/project/:id/schedule', async (request) => {
    const actor = requireScopes(request, 'PROJECT_READ');
    const pid = await resolveProject(ctx, request.params.id);
    const s = await loadProject(ctx, pid);
    const cmdActor = toCommandActor(actor);
    if (!canSeeProject(s, cmdActor) || (permissionsOf(s, cmdActor) & P.EDIT_DETAILS) === 0 || !s.schedule) throw notFound();
    return { time: s.schedule.time, requested_status: s.schedule.requested_status };
  });

  app.post<{ Params: IdParams }>('/v2/version/:id/schedule', async (request, reply) => {
    const actor = requireScopes(request, 'VERSION_WRITE');
    const input = scheduleVersionInput.parse(request.body ?? {});
    const { versionId, projectId } = await resolveVersion(ctx, request.params.id);
    const access = projectAccess(await loadProject(ctx, projectId), actor);
    const result = await runVersionCommand(ctx, commandContext(request, actor.userId), versionId, {
      kind: 'schedule',
      actor: toCommandActor(actor),
      access,
      time: new Date(input.time).toISOString(),
      requested_status: input.requested_status,
      now: ctx.now().toISOString(),
    });
    return noContent(reply, result.position);
  });

  app.delete<{ Params: IdParams }>('/v2/version/:id/schedule', async (request, reply) => {
    const actor = requireScopes(request, 'VERSION_WRITE');
    const { versionId, projectId } = await resolveVersion(ctx, request.params.id);
    const access = projectAccess(await loadProject(ctx, projectId), actor);
    const result = await runVersionCommand(ctx, commandContext(request, actor.userId), versionId, {
      kind: 'cancel-schedule',
      actor: toCommandActor(actor),
      access,
    });
    return noContent(reply, result.position);
  });

  app.get<{ Params: IdParams }>('/v2/version/:id/schedule', async (request) => {
    const actor = requireScopes(request, 'VERSION_READ');
    const { versionId, projectId } = await resolveVersion(ctx, request.params.id);
    const access = projectAccess(await loadProject(ctx, projectId), actor);
    const s = await loadVersion(ctx, versionId);
    requireVersionAccess(access, P.UPLOAD_VERSION, "You don't have permission to see this version's schedule!", s);
    if (!s.schedule || s.fields.status !== 'scheduled') throw notFound();
    return { time: s.schedule.time, requested_status: s.schedule.requested_status };
  });
}
