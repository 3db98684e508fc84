import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCollectionInput, editCollectionInput } from '@modshelf/contract/v2';
import { collectionStream, newId, type Actor } from '@modshelf/events';
import { invalidInput } from '@modshelf/service-kit';
import { execute, loadStream, type CommandResult, type ExecuteHooks } from '../kernel/execute';
import { fold } from '../kernel/decider';
import { toCommandActor } from '../catalogue/actor';
import type { CatalogueContext } from '../catalogue/context';
import { commandContext, noContent, withPosition } from '../catalogue/http';
import { requireScopes } from '../catalogue/actor.hook';
import { loadProject } from '../catalogue/project/project.service';
import { canSeeProject } from '../catalogue/project/project.state';
import {
  collectionDecider,
  collectionNotFound,
  decideCollection,
  type CollectionCommand,
  type CollectionState,
  type CollectionStatus,
} from './collection.decider';
import { withIcon } from './http';

/** The v3 Collection shape (as the command answers it; the read side serves the same). */
export function collectionJson(s: CollectionState, created: string, updated: string) {
  return {
    id: s.collection_id,
    user: s.user_id,
    name: s.name,
    description: s.description,
    icon_url: s.icon_url,
    color: s.color,
    status: s.status,
    date_created: created,
    date_updated: updated,
    projects: s.projects,
  };
}

/** Project ids from ids or slugs; each must be a live project the actor can see. */
async function resolveProjects(ctx: CatalogueContext, keys: string[], actor: Actor): Promise<string[]> {
  const out: string[] = [];
  for (const key of keys) {
    const pid = await ctx.lookup.projectId(key);
    if (!pid || !canSeeProject(await loadProject(ctx, pid), toCommandActor(actor))) throw invalidInput(`Invalid project id or slug: ${key}`);
    out.push(pid);
  }
  return out;
}

/** A collection id is 8 base62 characters; anything else names no collection. */
function requireCollectionId(id: string): void {
  if (!/^[0-9A-Za-z]{8}$/.test(id)) throw collectionNotFound();
}

async function loadCollection(ctx: CatalogueContext, id: string): Promise<CollectionState> {
  requireCollectionId(id);
  const { events } = await loadStream(ctx.store, collectionStream(id));
  return fold(collectionDecider, events);
}

function run(
  ctx: CatalogueContext,
  request: FastifyRequest,
  actor: Actor,
  id: string,
  command: CollectionCommand,
  hooks?: ExecuteHooks,
): Promise<CommandResult<CollectionState>> {
  return execute(ctx.store, collectionStream(id), collectionDecider, command, commandContext(request, actor.userId), undefined, hooks);
}

/** The virtual 'following' collection (GET only, on the read side) is not editable. */
function refuseFollowing(id: string): void {
  if (id === 'following') throw invalidInput("The 'following' collection is made from the projects you follow; follow or unfollow projects to change it");
}

/**
 * Collections (Modrinth v3, served under /v2): POST /v2/collection (COLLECTION_CREATE),
 * PATCH|DELETE /v2/collection/{id} (COLLECTION_WRITE / COLLECTION_DELETE),
 * PATCH|DELETE /v2/collection/{id}/icon (COLLECTION_WRITE). Stream collection-<id>.
 */
export function registerCollectionRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  app.post('/v2/collection', async (request, reply) => {
    const actor = requireScopes(request, 'COLLECTION_CREATE');
    const input = createCollectionInput.parse(request.body ?? {});
    const projects = await resolveProjects(ctx, input.projects ?? [], actor);
    const id = newId();
    const result = await run(ctx, request, actor, id, {
      kind: 'create',
      actor: toCommandActor(actor),
      collection_id: id,
      name: input.name,
      description: input.description ?? null,
      projects,
    });
    const time = result.events[0]?.metadata.time ?? ctx.now().toISOString();
    return withPosition(reply, result.position).send(collectionJson(result.state, time, time));
  });

  app.patch<{ Params: { id: string } }>('/v2/collection/:id', async (request, reply) => {
    const actor = requireScopes(request, 'COLLECTION_WRITE');
    refuseFollowing(request.params.id);
    const input = editCollectionInput.parse(request.body ?? {});
    const state = await loadCollection(ctx, request.params.id);
    // visibility and rights first, so a stranger learns nothing from the project check
    decideCollection({ kind: 'edit', actor: toCommandActor(actor), changes: {} }, state);
    const keys = input.new_projects ?? input.projects;
    const projects = keys === undefined ? undefined : await resolveProjects(ctx, keys, actor);
    const result = await run(ctx, request, actor, request.params.id, {
      kind: 'edit',
      actor: toCommandActor(actor),
      changes: { name: input.name, description: input.description, status: input.status, projects },
    });
    return noContent(reply, result.position);
  });

  app.delete<{ Params: { id: string } }>('/v2/collection/:id', async (request, reply) => {
    const actor = requireScopes(request, 'COLLECTION_DELETE');
    refuseFollowing(request.params.id);
    await loadCollection(ctx, request.params.id);
    const result = await run(ctx, request, actor, request.params.id, { kind: 'delete', actor: toCommandActor(actor) });
    return noContent(reply, result.position);
  });

  app.patch<{ Params: { id: string } }>('/v2/collection/:id/icon', async (request, reply) => {
    const actor = requireScopes(request, 'COLLECTION_WRITE');
    refuseFollowing(request.params.id);
    const id = request.params.id;
    requireCollectionId(id);
    const result = await withIcon(ctx, request, id, (icon_url, hooks) =>
      run(ctx, request, actor, id, { kind: 'set-icon', actor: toCommandActor(actor), icon_url, color: null }, hooks),
    );
    return noContent(reply, result.position);
  });

  app.delete<{ Params: { id: string } }>('/v2/collection/:id/icon', async (request, reply) => {
    const actor = requireScopes(request, 'COLLECTION_WRITE');
    refuseFollowing(request.params.id);
    await loadCollection(ctx, request.params.id);
    const result = await run(ctx, request, actor, request.params.id, { kind: 'set-icon', actor: toCommandActor(actor), icon_url: null, color: null });
    return noContent(reply, result.position);
  });
}
