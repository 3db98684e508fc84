import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasScope, missingScope, unauthorized } from '@modshelf/service-kit';
import type { ProjectDoc } from '../read-model/documents';
import { projectView } from '../views/project.view';
import { actorOf, isStaff, waitForMinPosition, type QueryDeps } from './context';

export const DEFAULT_QUEUE_COUNT = 100;
export const MAX_QUEUE_COUNT = 1000;

/** Oldest queued first; projects without a queued time (should not happen) last, then by id. */
export function queueOrder(a: ProjectDoc, b: ProjectDoc): number {
  const qa = a.queued ? Date.parse(a.queued) : Number.POSITIVE_INFINITY;
  const qb = b.queued ? Date.parse(b.queued) : Number.POSITIVE_INFINITY;
  return qa - qb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function parseCount(raw: string | undefined, dflt = DEFAULT_QUEUE_COUNT, max = MAX_QUEUE_COUNT): number {
  if (raw === undefined || raw === '') return dflt;
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n < 0) return dflt;
  return Math.min(max, n);
}

/** Staff only (moderator, admin): 401 otherwise, as Modrinth's internal moderation routes answer. */
function requireStaff(req: FastifyRequest, scope: 'PROJECT_READ' | 'REPORT_READ') {
  const a = actorOf(req);
  if (!a || !isStaff(a)) throw unauthorized('You do not have permission to access the moderation queue');
  if (!hasScope(a.scopes, scope)) throw missingScope(scope);
  return a;
}

/**
 * The moderation queue (Modrinth keeps it internal: `/_internal/moderation/projects`,
 * formerly `/v2/moderation/projects`): projects in `processing`, oldest queued first,
 * as v2 Project records plus `author` (the owner's username). Also served under
 * `/_internal/moderation/projects`. Plus `/v2/moderation/stats` (queue and open-report counts).
 *
 * The queue scans the projects collection (no status index): fine for a
 * community catalogue; a larger one wants a `projects.status` index.
 */
export function registerModerationQueryRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = (req: any, reply: any) => waitForMinPosition(deps, req, reply);

  async function queued(): Promise<ProjectDoc[]> {
    const out: ProjectDoc[] = [];
    for await (const [, p] of rm().scan('projects')) if (p.status === 'processing') out.push(p);
    return out.sort(queueOrder);
  }

  const queue = async (req: FastifyRequest<{ Querystring: Record<string, string> }>) => {
    requireStaff(req, 'PROJECT_READ');
    const page = (await queued()).slice(0, parseCount(req.query.count));
    const owners = new Map<string, string>();
    for (const u of await rm().getMany('users', [...new Set(page.map((p) => p.owner_id))])) owners.set(u.id, u.username);
    return page.map((p) => ({ ...projectView(p, { member: true }), author: owners.get(p.owner_id) ?? null }));
  };
  app.get<{ Querystring: Record<string, string> }>('/v2/moderation/projects', { preHandler }, queue);
  app.get<{ Querystring: Record<string, string> }>('/_internal/moderation/projects', { preHandler }, queue);

  app.get('/v2/moderation/stats', { preHandler }, async (req) => {
    requireStaff(req, 'PROJECT_READ');
    let projects = 0;
    let openReports = 0;
    let reports = 0;
    for await (const [, p] of rm().scan('projects')) if (p.status === 'processing') projects += 1;
    for await (const [, r] of rm().scan('reports')) {
      reports += 1;
      if (!r.closed) openReports += 1;
    }
    return { projects, open_reports: openReports, reports };
  });
}
