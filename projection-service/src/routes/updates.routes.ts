import type { FastifyInstance } from 'fastify';
import { forgeUpdatesQuery as LoaderQuery } from '@modshelf/contract/v2';
import { LOADERS } from '@modshelf/events';
import { invalidInput } from '@modshelf/service-kit';
import { routeType } from '../views/derive';
import { DEFAULT_UPDATE_LOADER, forgeUpdates } from '../views/forge-updates.view';
import { canReadProject, findProject, projectNotFound, type QueryDeps } from './context';
import { minPositionWait } from './http';

/**
 * GET /v2/updates/{id|slug}/forge_updates.json (and /updates/..., where Modrinth serves it): the
 * update-checker document of a public project, for anyone (no token). `?loader=` picks the game's
 * loader (default coreengine, `any` for all); Modrinth's `neoforge` parameter has no meaning here
 * and is ignored like any unknown parameter.
 */
export function registerUpdateRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);
  const handler = async (req: { params: { id: string }; query: unknown }) => {
    const q = LoaderQuery.safeParse(req.query ?? {});
    if (!q.success) throw invalidInput(`loader: one of ${[...LOADERS.map((l) => l.name), 'any'].join(', ')}`);
    const p = await findProject(rm(), req.params.id);
    if (!p || !canReadProject(p, null)) throw projectNotFound();
    const versions = await rm().getMany('versions', await rm().findIds('versions', 'project', p.id));
    const homepage = `${deps.publicUrl.replace(/\/$/, '')}/${routeType(p)}/${p.slug ?? p.id}`;
    return forgeUpdates(homepage, versions, q.data.loader ?? DEFAULT_UPDATE_LOADER);
  };
  app.get<{ Params: { id: string } }>('/v2/updates/:id/forge_updates.json', { preHandler }, handler);
  app.get<{ Params: { id: string } }>('/updates/:id/forge_updates.json', { preHandler }, handler);
}
