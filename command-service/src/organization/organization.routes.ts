import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addProjectInput, createOrganizationInput, editOrgMemberInput, editOrganizationInput, inviteOrgMemberInput } from '@modshelf/contract/v2';
import { OrganizationCreated, OrganizationDeleted, OrganizationEdited, newId, organizationStream, type Actor, type DecidedEvent } from '@modshelf/events';
import { invalidInput } from '@modshelf/service-kit';
import { execute, type CommandResult, type ExecuteHooks, type NameRules } from '../kernel/execute';
import { renameClaims, type NameClaim } from '../kernel/names';
import { isStaff, toCommandActor } from '../catalogue/actor';
import type { CatalogueContext } from '../catalogue/context';
import { commandContext, noContent, withPosition } from '../catalogue/http';
import { requireScopes } from '../catalogue/actor.hook';
import { loadProject, resolveProject } from '../catalogue/project/project.service';
import { canSeeProject, memberOf } from '../catalogue/project/project.state';
import { withIcon } from '../collection/http';
import { organizationDecider, organizationNotFound, type OrganizationCommand, type OrganizationState } from './organization.decider';

export const ORGANIZATION_SLUG_TAKEN = 'Organization slug is already taken!';

/** Organization slugs are held in `slug-organization-<slug>` reservation streams (their own namespace, as Modrinth). */
export const organizationNames: NameRules<OrganizationState> = {
  claims(decided: DecidedEvent[], before: OrganizationState): NameClaim[] {
    const claims: NameClaim[] = [];
    let slug = before.exists ? before.slug : null;
    for (const e of decided) {
      if (OrganizationCreated.is(e)) {
        claims.push(...renameClaims('organization', e.data.organization_id, null, e.data.slug));
        slug = e.data.slug;
      } else if (OrganizationEdited.is(e) && e.data.changes.slug && slug !== null) {
        claims.push(...renameClaims('organization', before.organization_id, slug, e.data.changes.slug));
        slug = e.data.changes.slug;
      } else if (OrganizationDeleted.is(e) && slug !== null) {
        claims.push({ action: 'release', namespace: 'organization', name: slug, owner: e.data.organization_id });
      }
    }
    return claims;
  },
  taken: () => invalidInput(ORGANIZATION_SLUG_TAKEN),
};

/** The v3 Organization shape as a command answers it (members' users by id; the read side serves them whole). */
export function organizationJson(s: OrganizationState) {
  return {
    id: s.organization_id,
    slug: s.slug,
    name: s.name,
    team_id: s.team_id,
    description: s.description,
    icon_url: s.icon_url,
    color: s.color,
    members: s.members.map((m) => ({
      team_id: s.team_id,
      user: { id: m.user_id },
      role: m.role,
      is_owner: m.is_owner,
      permissions: m.permissions,
      organization_permissions: m.organization_permissions,
      accepted: m.accepted,
      payouts_split: 0,
      ordering: m.ordering,
    })),
  };
}

/**
 * Organizations (Modrinth v3, served under /v2), stream organization-<id>:
 * POST /v2/organization (ORGANIZATION_CREATE); PATCH|DELETE /v2/organization/{id|slug} (ORGANIZATION_WRITE / _DELETE);
 * PATCH|DELETE .../icon; POST .../projects (ORGANIZATION_WRITE + PROJECT_WRITE; ADD_PROJECT and project ownership);
 * DELETE .../projects/{pid} (REMOVE_PROJECT); members: POST .../members (invite, MANAGE_INVITES), POST .../join
 * (accept an invite), PATCH|DELETE .../members/{user} (EDIT_MEMBER / REMOVE_MEMBER; anyone may leave);
 * PATCH /v2/team/{organization team id}/owner (as Modrinth: the team route; the owner or staff only).
 */
export function registerOrganizationRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  async function resolve(idOrSlug: string): Promise<string> {
    const id = await ctx.lookup.organizationId(idOrSlug);
    if (!id) throw organizationNotFound();
    return id;
  }
  function run(
    request: FastifyRequest,
    actor: Actor,
    id: string,
    command: OrganizationCommand,
    hooks?: ExecuteHooks,
  ): Promise<CommandResult<OrganizationState>> {
    return execute(ctx.store, organizationStream(id), organizationDecider, command, commandContext(request, actor.userId), organizationNames, hooks);
  }
  async function requireSlugFree(s: string, self: string | null): Promise<void> {
    const holder = await ctx.lookup.organizationSlugOwner(s);
    if (holder && holder !== self) throw invalidInput(ORGANIZATION_SLUG_TAKEN);
  }
  const userOf = async (key: string) => (await ctx.lookup.userId(key)) ?? key;
  ctx.organizationTeams = {
    async transferOwnership(request, actor, teamId, userId) {
      const id = await ctx.lookup.organizationOfTeam(teamId);
      if (!id) return null;
      return run(request, actor, id, { kind: 'transfer-ownership', actor: toCommandActor(actor), user_id: userId });
    },
  };

  app.post('/v2/organization', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_CREATE');
    const input = createOrganizationInput.parse(request.body ?? {});
    const id = newId();
    // the lookup answers names held before reservation streams existed; the reservation decides races
    await requireSlugFree(input.slug, null);
    const result = await run(request, actor, id, { kind: 'create', actor: toCommandActor(actor), organization_id: id, team_id: newId(), ...input });
    return withPosition(reply, result.position).send(organizationJson(result.state));
  });

  app.patch<{ Params: { id: string } }>('/v2/organization/:id', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const input = editOrganizationInput.parse(request.body ?? {});
    const id = await resolve(request.params.id);
    const command: OrganizationCommand = { kind: 'edit', actor: toCommandActor(actor), changes: input };
    // the slug is checked once the decider accepts the edit: rights before revealing whether the slug is taken
    const slug = input.slug;
    const result = await run(request, actor, id, command, slug === undefined ? {} : { beforeAppend: () => requireSlugFree(slug, id) });
    return noContent(reply, result.position);
  });

  app.delete<{ Params: { id: string } }>('/v2/organization/:id', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_DELETE');
    const id = await resolve(request.params.id);
    const result = await run(request, actor, id, { kind: 'delete', actor: toCommandActor(actor) });
    return noContent(reply, result.position);
  });

  app.patch<{ Params: { id: string } }>('/v2/organization/:id/icon', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const id = await resolve(request.params.id);
    const result = await withIcon(ctx, request, id, (icon_url, hooks) =>
      run(request, actor, id, { kind: 'set-icon', actor: toCommandActor(actor), icon_url, color: null }, hooks),
    );
    return noContent(reply, result.position);
  });
  app.delete<{ Params: { id: string } }>('/v2/organization/:id/icon', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const id = await resolve(request.params.id);
    const result = await run(request, actor, id, { kind: 'set-icon', actor: toCommandActor(actor), icon_url: null, color: null });
    return noContent(reply, result.position);
  });

  app.post<{ Params: { id: string } }>('/v2/organization/:id/projects', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE', 'PROJECT_WRITE');
    const input = addProjectInput.parse(request.body ?? {});
    const id = await resolve(request.params.id);
    const pid = await resolveProject(ctx, input.project_id);
    const project = await loadProject(ctx, pid);
    const who = toCommandActor(actor);
    if (!canSeeProject(project, who)) throw invalidInput('The specified project does not exist!');
    const project_rights = isStaff(who) || (memberOf(project, who.userId)?.is_owner ?? false) || project.owner_id === who.userId;
    const result = await run(request, actor, id, {
      kind: 'add-project',
      actor: who,
      project_id: pid,
      project_rights,
      project_organization: await ctx.lookup.organizationOf(pid),
    });
    return noContent(reply, result.position);
  });

  app.delete<{ Params: { id: string; pid: string } }>('/v2/organization/:id/projects/:pid', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const id = await resolve(request.params.id);
    const pid = (await ctx.lookup.projectId(request.params.pid)) ?? request.params.pid;
    const result = await run(request, actor, id, { kind: 'remove-project', actor: toCommandActor(actor), project_id: pid });
    return noContent(reply, result.position);
  });

  app.post<{ Params: { id: string } }>('/v2/organization/:id/members', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const input = inviteOrgMemberInput.parse(request.body ?? {});
    const id = await resolve(request.params.id);
    const userId = await ctx.lookup.userId(input.user_id);
    if (!userId) throw invalidInput('An invalid User ID specified');
    const result = await run(request, actor, id, {
      kind: 'invite',
      actor: toCommandActor(actor),
      user_id: userId,
      role: input.role ?? 'Member',
      permissions: input.permissions ?? 0,
      organization_permissions: input.organization_permissions ?? 0,
      ordering: input.ordering ?? 0,
    });
    return noContent(reply, result.position);
  });

  app.post<{ Params: { id: string } }>('/v2/organization/:id/join', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const id = await resolve(request.params.id);
    const result = await run(request, actor, id, { kind: 'join', actor: toCommandActor(actor) });
    return noContent(reply, result.position);
  });

  app.patch<{ Params: { id: string; user: string } }>('/v2/organization/:id/members/:user', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const input = editOrgMemberInput.parse(request.body ?? {});
    const id = await resolve(request.params.id);
    const result = await run(request, actor, id, { kind: 'edit-member', actor: toCommandActor(actor), user_id: await userOf(request.params.user), ...input });
    return noContent(reply, result.position);
  });

  app.delete<{ Params: { id: string; user: string } }>('/v2/organization/:id/members/:user', async (request, reply) => {
    const actor = requireScopes(request, 'ORGANIZATION_WRITE');
    const id = await resolve(request.params.id);
    const result = await run(request, actor, id, { kind: 'remove-member', actor: toCommandActor(actor), user_id: await userOf(request.params.user) });
    return noContent(reply, result.position);
  });
}
