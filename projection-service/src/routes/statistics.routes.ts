import type { FastifyInstance } from 'fastify';
import type { CountsQuery } from '../read-model/port';
import { type QueryDeps } from './context';
import { minPositionOf, waitForMinPosition } from './http';

/** What /v2/statistics reads from the read models: the versions, and the distinct files (by sha1) and team members. */
const COUNTED: CountsQuery = {
  documents: ['versions'],
  keys: [
    ['versions', 'sha1'],
    ['projects', 'member'],
  ],
};

interface Statistics {
  projects: number;
  versions: number;
  files: number;
  authors: number;
}

/**
 * GET /v2/statistics: listed projects (the search index's count), versions, distinct files and distinct team members. The
 * distinct counts scan whole key indexes (on the 1M bench log's projections about half a second): the SQLite read models
 * count them on a worker thread, MongoDB on its server, so the site's thread serves other requests meanwhile.
 *
 * An answer of one checkpoint is kept and given again while the projections stay there. A count in flight answers every
 * request that asks for no later position than the one it counts from (min_position), so a stream of requests while the
 * projections move starts one count at a time, not one each.
 */
export function registerStatisticsRoute(app: FastifyInstance, deps: QueryDeps): void {
  let counted: { at: number; answer: Statistics } | null = null;
  let counting: { from: number; answer: Promise<Statistics> } | null = null;

  const count = async (at: number): Promise<Statistics> => {
    const { readModels, search } = deps.projections.storage;
    const projects = await search.count();
    const c = await readModels.counts(COUNTED);
    const answer = { projects, versions: c.documents[0], files: c.keys[0], authors: c.keys[1] };
    // kept only when its parts are all of the checkpoint it started at
    if (c.position === at && deps.projections.checkpoint() === at) counted = { at, answer };
    return answer;
  };

  app.get('/v2/statistics', { preHandler: (req, reply) => waitForMinPosition(deps, req, reply) }, async (req) => {
    const at = deps.projections.checkpoint();
    if (counted?.at === at) return counted.answer;
    if (counting && counting.from >= (minPositionOf(req) ?? 0)) return counting.answer;
    const started = { from: at, answer: count(at) };
    counting = started;
    try {
      return await started.answer;
    } finally {
      if (counting === started) counting = null;
    }
  });
}
