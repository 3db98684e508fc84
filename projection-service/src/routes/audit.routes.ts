import type { FastifyInstance } from 'fastify';
import { VersionPublished, upcast, type Actor, type RecordedEvent } from '@modshelf/events';
import { hasScope, invalidInput, missingScope, notFound, unauthorized, type ScopeName } from '@modshelf/service-kit';
import {
  AUDIT_STREAM_TYPES,
  MAX_TIMELINE_EVENTS,
  actorIds,
  auditStreamId,
  foldDocument,
  isAuditStreamType,
  parseAsOf,
  prefixAsOf,
  timelineEntry,
  type AuditStreamType,
} from '../audit/audit';
import { findProject, findUser, isStaff, type QueryDeps } from './context';
import { actorOf, minPositionWait } from './http';
import { loadQuarantine } from '../runner/quarantine';

const READ_SCOPE: Record<AuditStreamType, ScopeName> = {
  project: 'PROJECT_READ',
  version: 'VERSION_READ',
  user: 'USER_READ',
  report: 'REPORT_READ',
  organization: 'ORGANIZATION_READ',
  collection: 'COLLECTION_READ',
  thread: 'THREAD_READ',
};

const auditNotFound = () => notFound('The requested audit log was not found or you do not have access to it');

/**
 * GET /v2/audit/{stream_type}/{id}[?as_of=<ISO time>]: an aggregate's events as a
 * timeline (upcast, with actor and time). With as_of, also its state at that
 * moment, folded by the read side's projectors. Staff see every stream; a
 * project's team members see their project's and its versions' streams (threads: staff
 * only, their private notes included); anyone
 * else gets 404 (existence is not revealed). Needs `deps.store`.
 */
export function registerAuditRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const store = deps.store;
  if (!store) return;
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  /** The project a stream belongs to (project and version streams), for team-member access. */
  async function owningProject(type: AuditStreamType, id: string, events: RecordedEvent[]): Promise<string | null> {
    if (type === 'project') return id;
    if (type === 'version') {
      const published = events.find((e) => e.type === VersionPublished.type);
      if (published) return (upcast(published).data as { project_id: string }).project_id;
      return (await rm().get('versions', id))?.project_id ?? null;
    }
    return null;
  }

  async function mayRead(actor: Actor | null, type: AuditStreamType, id: string, events: RecordedEvent[]): Promise<boolean> {
    if (!actor) return false;
    if (isStaff(actor)) return true;
    const projectId = await owningProject(type, id, events);
    if (!projectId) return false;
    const p = await rm().get('projects', projectId);
    return !!p && p.members.some((m) => m.user_id === actor.userId);
  }

  app.get<{ Params: { type: string; id: string }; Querystring: Record<string, string> }>('/v2/audit/:type/:id', { preHandler }, async (req) => {
    const { type } = req.params;
    let id = req.params.id;
    if (!isAuditStreamType(type)) throw auditNotFound();
    if (!/^[0-9A-Za-z_-]{1,64}$/.test(id)) throw auditNotFound();
    let asOf: number | null = null;
    const rawAsOf = req.query.as_of;
    if (rawAsOf !== undefined && rawAsOf !== '') {
      asOf = parseAsOf(rawAsOf);
      if (asOf === null) throw invalidInput('as_of must be an ISO-8601 time');
    }
    // no token: 401; a token without the stream type's read scope: 401 missing scope; then who may see it (404 otherwise)
    const actor = actorOf(req);
    if (!actor) throw unauthorized();
    if (!hasScope(actor.scopes, READ_SCOPE[type])) throw missingScope(READ_SCOPE[type]);
    let raw = await store.readStream(auditStreamId(type, id), { maxCount: MAX_TIMELINE_EVENTS });
    if (raw.length === 0 && (type === 'project' || type === 'user')) {
      // a project slug or a username names the same stream (while the read model knows it)
      const doc = type === 'project' ? await findProject(rm(), id) : await findUser(rm(), id);
      if (doc && doc.id !== id) {
        id = doc.id;
        raw = await store.readStream(auditStreamId(type, id), { maxCount: MAX_TIMELINE_EVENTS });
      }
    }
    if (raw.length === 0 || !(await mayRead(actor, type, id, raw))) throw auditNotFound();

    const events = raw.map((e) => upcast(e));
    const usernames = new Map<string, string>();
    for (const u of await rm().getMany('users', actorIds(events))) usernames.set(u.id, u.username);
    const timeline = events.map((e) => timelineEntry(e, usernames));
    if (asOf === null) return timeline;

    const prefix = prefixAsOf(events, asOf);
    // the projection skips the events an operator quarantined: so does this fold
    const quarantined = await loadQuarantine(store);
    const folded = prefix.filter((e) => !quarantined.has(e.position));
    const state = folded.length ? await foldDocument(folded, AUDIT_STREAM_TYPES[type], id) : null;
    return {
      stream_id: auditStreamId(type, id),
      as_of: new Date(asOf).toISOString(),
      /** revision of the last event folded; -1 when the aggregate did not exist yet */
      revision: prefix.length ? prefix[prefix.length - 1].revision : -1,
      exists: state !== null,
      state,
      timeline,
    };
  });
}
