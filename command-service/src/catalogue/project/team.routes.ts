import type { FastifyInstance } from 'fastify';
import { invalidInput, notFound } from '@modshelf/service-kit';
import { toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { noContent, commandContext } from '../http';
import { requireScopes } from '../actor.hook';
import { editMemberInput, inviteInput, userIdInput } from '@modshelf/contract/v2';
import { runProjectCommand } from './project.service';

type TeamParams = { id: string };
type MemberParams = { id: string; user: string };

async function projectOfTeam(ctx: CatalogueContext, teamId: string): Promise<string> {
  const pid = await ctx.lookup.projectOfTeam(teamId);
  if (!pid) throw notFound();
  return pid;
}

/** Team routes (Modrinth: /v2/team/{id}/...), all under PROJECT_WRITE; the team is the project's. */
export function registerTeamRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  app.post<{ Params: TeamParams }>('/v2/team/:id/members', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const input = inviteInput.parse(request.body ?? {});
    const pid = await projectOfTeam(ctx, request.params.id);
    if (!(await ctx.lookup.userExists(input.user_id))) throw invalidInput('An invalid User ID specified');
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), pid, {
      kind: 'invite-member',
      actor: toCommandActor(actor),
      user_id: input.user_id,
      role: input.role ?? 'Member',
      permissions: input.permissions ?? 0,
      ordering: input.ordering ?? 0,
      payouts_split: input.payouts_split,
    });
    return noContent(reply, result.position);
  });

  app.post<{ Params: TeamParams }>('/v2/team/:id/join', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const pid = await projectOfTeam(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), pid, { kind: 'join-team', actor: toCommandActor(actor) });
    return noContent(reply, result.position);
  });

  app.patch<{ Params: MemberParams }>('/v2/team/:id/members/:user', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const input = editMemberInput.parse(request.body ?? {});
    const pid = await projectOfTeam(ctx, request.params.id);
    const userId = (await ctx.lookup.userId(request.params.user)) ?? request.params.user;
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), pid, {
      kind: 'edit-member',
      actor: toCommandActor(actor),
      user_id: userId,
      role: input.role,
      permissions: input.permissions,
      ordering: input.ordering,
      payouts_split: input.payouts_split,
    });
    return noContent(reply, result.position);
  });

  app.delete<{ Params: MemberParams }>('/v2/team/:id/members/:user', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const pid = await projectOfTeam(ctx, request.params.id);
    const userId = (await ctx.lookup.userId(request.params.user)) ?? request.params.user;
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), pid, {
      kind: 'remove-member',
      actor: toCommandActor(actor),
      user_id: userId,
    });
    return noContent(reply, result.position);
  });

  app.patch<{ Params: TeamParams }>('/v2/team/:id/owner', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const input = userIdInput.parse(request.body ?? {});
    if (!(await ctx.lookup.projectOfTeam(request.params.id)) && ctx.organizationTeams) {
      const userId = (await ctx.lookup.userId(input.user_id)) ?? input.user_id;
      const done = await ctx.organizationTeams.transferOwnership(request, actor, request.params.id, userId);
      if (done) return noContent(reply, done.position);
    }
    const pid = await projectOfTeam(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), pid, {
      kind: 'transfer-ownership',
      actor: toCommandActor(actor),
      user_id: input.user_id,
    });
    return noContent(reply, result.position);
  });
}
