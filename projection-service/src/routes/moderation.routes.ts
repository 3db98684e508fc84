import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ReviewLockAcquired, ReviewLockReleased, reviewLockStream, upcast, type EventStore, type RecordedEvent } from '@modshelf/events';
import { hasScope, missingScope, notFound, unauthorized } from '@modshelf/service-kit';
import type { QueuedProject, ReviewLock as ReviewLockAnswer } from '@modshelf/contract/v2';
import type { ProjectDoc } from '../read-model/documents';
import type { ReadModelStore } from '../read-model/port';
import { projectView } from '../views/project.view';
import { isStaff, type QueryDeps } from './context';
import { actorOf, minPositionWait } from './http';

export const DEFAULT_QUEUE_COUNT = 100;
export const MAX_QUEUE_COUNT = 1000;

/** Oldest queued first; projects without a queued time (should not happen) last, then by id. */
export function queueOrder(a: ProjectDoc, b: ProjectDoc): number {
  const qa = a.queued ? Date.parse(a.queued) : Number.POSITIVE_INFINITY;
  const qb = b.queued ? Date.parse(b.queued) : Number.POSITIVE_INFINITY;
  return qa - qb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The projects in the moderation queue (`processing`), oldest queued first, read by the projects' `review` index. */
export async function moderationQueue(rm: Pick<ReadModelStore, 'findIds' | 'getMany'>): Promise<ProjectDoc[]> {
  const queued = await rm.getMany('projects', await rm.findIds('projects', 'review', 'processing'));
  return queued.filter((p) => p.status === 'processing').sort(queueOrder);
}

export function parseCount(raw: string | undefined, dflt = DEFAULT_QUEUE_COUNT, max = MAX_QUEUE_COUNT): number {
  if (raw === undefined || raw === '') return dflt;
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n < 0) return dflt;
  return Math.min(max, n);
}

export interface ReviewLock {
  holder: string;
  expires: string;
}

/** The review lock a stream's events leave, if it is still held at `now` (ms). */
export function reviewLockOf(events: readonly RecordedEvent[], now: number): ReviewLock | null {
  let lock: ReviewLock | null = null;
  for (const raw of events) {
    const e = upcast(raw);
    if (ReviewLockAcquired.is(e) && e.metadata.actor) lock = { holder: e.metadata.actor, expires: e.data.expires };
    else if (ReviewLockReleased.is(e)) lock = null;
  }
  return lock && Date.parse(lock.expires) > now ? lock : null;
}

async function readLock(store: EventStore | undefined, projectId: string): Promise<ReviewLock | null> {
  if (!store) return null;
  return reviewLockOf(await store.readStream(reviewLockStream(projectId)), Date.now());
}

/** Staff only (moderator, admin): 401 otherwise, as Modrinth's internal moderation routes answer. */
function requireStaff(req: FastifyRequest, scope: 'PROJECT_READ' | 'REPORT_READ') {
  const a = actorOf(req);
  // the token's scope first (a missing scope is 401 whoever holds the token), then the role
  if (a && !hasScope(a.scopes, scope)) throw missingScope(scope);
  if (!a || !isStaff(a)) throw unauthorized('You do not have permission to access the moderation queue');
  return a;
}

/**
 * The moderation queue (Modrinth keeps it internal: `/_internal/moderation/projects`,
 * formerly `/v2/moderation/projects`): projects in `processing`, oldest queued first,
 * as v2 Project records plus `author` (the owner's username). Also served under
 * `/_internal/moderation/projects`. Plus `/v2/moderation/stats` (queue and open-report counts).
 *
 * The queue is read by the projects' `review` index (collections.ts), which holds the projects in `processing`: at 100k
 * projects, reading it by a scan of every project held the event loop 1.4-3.4 s.
 */
export function registerModerationQueryRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  const queue = async (req: FastifyRequest<{ Querystring: Record<string, string> }>) => {
    requireStaff(req, 'PROJECT_READ');
    const page = (await moderationQueue(rm())).slice(0, parseCount(req.query.count));
    const locks = await Promise.all(page.map((p) => readLock(deps.store, p.id)));
    const names = new Map<string, string>();
    const userIds = new Set([...page.map((p) => p.owner_id), ...locks.flatMap((l) => (l ? [l.holder] : []))]);
    for (const u of await rm().getMany('users', [...userIds])) names.set(u.id, u.username);
    return page.map((p, i): QueuedProject => {
      const lock = locks[i];
      return {
        ...projectView(p, { member: true }),
        author: names.get(p.owner_id) ?? null,
        locked_by: lock ? { id: lock.holder, username: names.get(lock.holder) ?? null } : null,
        lock_expires: lock?.expires ?? null,
      };
    });
  };
  app.get<{ Querystring: Record<string, string> }>('/v2/moderation/projects', { preHandler }, queue);
  app.get<{ Querystring: Record<string, string> }>('/_internal/moderation/projects', { preHandler }, queue);

  /** The review lock of a project: who holds it and until when (held: false when free or lapsed). */
  app.get<{ Params: { id: string } }>('/v2/moderation/lock/:id', { preHandler }, async (req): Promise<ReviewLockAnswer> => {
    requireStaff(req, 'PROJECT_READ');
    const p = /^[0-9A-Za-z]{8}$/.test(req.params.id) ? await rm().get('projects', req.params.id) : null;
    if (!p) throw notFound('The requested project was not found');
    const lock = await readLock(deps.store, p.id);
    const holder = lock ? await rm().get('users', lock.holder) : null;
    return {
      project_id: p.id,
      locked: !!lock,
      locked_by: lock ? { id: lock.holder, username: holder?.username ?? null } : null,
      expires: lock?.expires ?? null,
    };
  });

  app.get('/v2/moderation/stats', { preHandler }, async (req) => {
    requireStaff(req, 'PROJECT_READ');
    const projects = (await rm().findIds('projects', 'review', 'processing')).length;
    const openReports = (await rm().findIds('reports', 'open', 'open')).length;
    const { documents } = await rm().counts({ documents: ['reports'], keys: [] });
    return { projects, open_reports: openReports, reports: documents[0] };
  });
}
