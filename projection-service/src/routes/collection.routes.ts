import type { FastifyInstance } from 'fastify';
import { notFound } from '@modshelf/service-kit';
import type { CollectionDoc } from '../read-model/community-documents';
import type { UserDoc } from '../read-model/documents';
import { FOLLOWING_COLLECTION_ID, canReadCollection, collectionView, listsCollection } from '../views/collection.view';
import { canReadProject, findUser, jsonStringArray, userNotFound, type QueryDeps, type Reader } from './context';
import { minPositionWait, readerWith } from './http';

export const collectionNotFound = () => notFound('Collection not found');

/**
 * Collections (Modrinth v3, served under /v2): GET /v2/collection/{id}, GET /v2/collections?ids=,
 * GET /v2/user/{id|username}/collections. The caller counts as signed in when the token has
 * COLLECTION_READ. Private collections answer 404 'Collection not found' to everyone but the owner and staff.
 *
 * The auto-generated 'following' collection is virtual: GET /v2/collection/following is the
 * caller's own followed projects (private, 404 when anonymous), and it heads the caller's own
 * GET /v2/user/{id}/collections. It is made from the follows read model, so it is never stale
 * and never stored; follow/unfollow a project to change it.
 */
export function registerCollectionQueryRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  /** Ids of the collection's projects the caller may open (deleted and hidden ones left out). */
  async function visibleProjects(ids: string[], actor: Reader | null): Promise<string[]> {
    const projects = await rm().getMany('projects', ids);
    return projects.filter((p) => canReadProject(p, actor)).map((p) => p.id);
  }

  async function view(c: CollectionDoc, actor: Reader | null) {
    return collectionView(c, await visibleProjects(c.projects, actor));
  }

  async function following(u: UserDoc, actor: Reader | null) {
    const follows = await rm().getMany('follows', await rm().findIds('follows', 'user', u.id));
    follows.sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
    const updated = follows.length ? follows[follows.length - 1].created : u.created;
    return {
      id: FOLLOWING_COLLECTION_ID,
      user: u.id,
      name: 'Following',
      description: "Auto-generated collection of all the projects you're following.",
      icon_url: null,
      color: null,
      status: 'private',
      date_created: u.created,
      date_updated: updated,
      projects: await visibleProjects(
        follows.map((f) => f.project_id),
        actor,
      ),
    };
  }

  app.get<{ Params: { id: string } }>('/v2/collection/:id', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'COLLECTION_READ');
    if (req.params.id === FOLLOWING_COLLECTION_ID) {
      const u = actor && (await rm().get('users', actor.userId));
      if (!u) throw collectionNotFound();
      return following(u, actor);
    }
    const c = await rm().get('collections', req.params.id);
    if (!c || !canReadCollection(c, actor)) throw collectionNotFound();
    return view(c, actor);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/collections', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'COLLECTION_READ');
    const ids = jsonStringArray(req.query.ids, 'ids');
    const out = [];
    for (const c of await rm().getMany('collections', ids)) if (canReadCollection(c, actor)) out.push(await view(c, actor));
    return out;
  });

  app.get<{ Params: { id: string } }>('/v2/user/:id/collections', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'COLLECTION_READ');
    const u = await findUser(rm(), req.params.id);
    if (!u) throw userNotFound();
    const own = await rm().getMany('collections', await rm().findIds('collections', 'user', u.id));
    own.sort((a, b) => Date.parse(a.date_created) - Date.parse(b.date_created) || (a.id < b.id ? -1 : 1));
    const out: unknown[] = actor?.userId === u.id ? [await following(u, actor)] : [];
    for (const c of own) if (listsCollection(c, actor)) out.push(await view(c, actor));
    return out;
  });
}
