import type { FastifyInstance } from 'fastify';
import { parseSearchParams } from '../search/facets';
import { type QueryDeps } from './context';
import { waitForMinPosition } from './http';

/** GET /v2/search: only publicly listed projects are in the index. */
export function registerSearchRoutes(app: FastifyInstance, deps: QueryDeps): void {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/v2/search',
    { preHandler: (req, reply) => waitForMinPosition(deps, req, reply) },
    async (req, reply) => {
      const request = parseSearchParams(req.query);
      const result = await deps.projections.storage.search.search(request);
      if (result.rawHits) {
        reply.type('application/json; charset=utf-8');
        return `{"hits":[${result.rawHits.join(',')}],"offset":${request.offset},"limit":${request.limit},"total_hits":${result.total}}`;
      }
      return { hits: result.hits, offset: request.offset, limit: request.limit, total_hits: result.total };
    },
  );
}
