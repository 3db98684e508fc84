import type { FastifyInstance } from 'fastify';
import { notFound, requireScope } from '@modshelf/service-kit';
import type { ProjectModeration } from '@modshelf/contract/v2';
import type { ProjectDoc } from '../read-model/documents';
import type { ThreadDoc } from '../read-model/thread-documents';
import { projectView } from '../views/project.view';
import { QUEUE_WINDOW_DAYS, estimatedWaitHours, messageVisible, threadView } from '../views/thread.view';
import { userView } from '../views/user.view';
import { moderationQueue } from './moderation.routes';
import { canReadProject, findProject, isStaff, jsonStringArray, projectNotFound, readerOf, type QueryDeps, type Reader } from './context';
import { minPositionWait, readerWith } from './http';

const threadNotFound = () => notFound('The requested thread was not found');
/** The accepted members of the project's team or of the organization that owns it (who read its moderation thread, as Modrinth). */
const onTeam = (p: ProjectDoc, a: Reader | null) =>
  !!a && (p.members.some((m) => m.user_id === a.userId && m.accepted) || (p.organization !== null && a.organizations.has(p.organization)));

/**
 * Reads of threads (THREAD_READ): GET /v2/thread/{id}, GET /v2/threads?ids=[...], and the team's
 * view of its project's review, GET /v2/project/{id|slug}/moderation (status, moderator's message,
 * queue position and an estimated wait from the last two weeks' decisions).
 * Who reads what, as Modrinth: a moderation thread, its project's team and staff; a report thread,
 * its reporter and staff; a comment thread, whoever may see the project. Others get 404.
 * Staff notes (private messages) are shown to staff only.
 */
export function registerThreadQueryRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  async function readable(t: ThreadDoc, a: Reader | null): Promise<boolean> {
    if (t.type === 'report') {
      const r = t.report_id ? await rm().get('reports', t.report_id) : null;
      return !!r && !!a && (r.reporter === a.userId || isStaff(a));
    }
    const p = t.project_id ? await rm().get('projects', t.project_id) : null;
    if (!p) return false;
    return t.type === 'comments' ? canReadProject(p, a) : isStaff(a) || onTeam(p, a);
  }

  async function view(t: ThreadDoc, a: Reader | null) {
    const staff = isStaff(a);
    const ids = new Set<string>();
    if (t.type === 'project' && t.project_id) {
      const p = await rm().get('projects', t.project_id);
      for (const m of p?.members ?? []) if (m.accepted) ids.add(m.user_id);
    } else if (t.type === 'report' && t.report_id) {
      const r = await rm().get('reports', t.report_id);
      if (r) ids.add(r.reporter);
    }
    for (const m of t.messages) if (m.author_id && messageVisible(m, staff)) ids.add(m.author_id);
    const users = await rm().getMany('users', [...ids].sort());
    return threadView(
      t,
      staff,
      users.map((u) => userView(u, null)),
    );
  }

  app.get<{ Params: { id: string } }>('/v2/thread/:id', { preHandler }, async (req) => {
    const a = await readerWith(deps, req, 'THREAD_READ');
    const t = /^[0-9A-Za-z]{8}$/.test(req.params.id) ? await rm().get('threads', req.params.id) : null;
    if (!t || !(await readable(t, a))) throw threadNotFound();
    return view(t, a);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/threads', { preHandler }, async (req) => {
    const a = await readerWith(deps, req, 'THREAD_READ');
    const threads = await rm().getMany('threads', jsonStringArray(req.query.ids, 'ids').slice(0, 1000));
    const out = [];
    for (const t of threads) if (await readable(t, a)) out.push(await view(t, a));
    return out;
  });

  app.get<{ Params: { id: string } }>('/v2/project/:id/moderation', { preHandler }, async (req): Promise<ProjectModeration> => {
    const a = await readerOf(rm(), requireScope(req, 'PROJECT_READ'));
    const p = await findProject(rm(), req.params.id);
    if (!p || !canReadProject(p, a)) throw projectNotFound();
    if (!isStaff(a) && !onTeam(p, a)) throw projectNotFound();
    const queue = await moderationQueue(rm());
    const index = queue.findIndex((q) => q.id === p.id);
    const position = index < 0 ? null : index + 1;
    const now = Date.now();
    let reviews = 0;
    for (let d = 0; d < QUEUE_WINDOW_DAYS; d++) {
      const day = new Date(now - d * 86_400_000).toISOString().slice(0, 10);
      reviews += (await rm().findIds('threads', 'reviewed', day)).length;
    }
    const perDay = Math.round((reviews / QUEUE_WINDOW_DAYS) * 100) / 100;
    const pv = projectView(p, { member: true });
    return {
      project_id: p.id,
      status: pv.status,
      requested_status: pv.requested_status,
      moderator_message: pv.moderator_message,
      queued: pv.queued,
      thread_id: pv.thread_id,
      queue: {
        position,
        length: queue.length,
        reviews_per_day: perDay,
        window_days: QUEUE_WINDOW_DAYS,
        estimated_wait_hours: estimatedWaitHours(position, perDay),
      },
    };
  });
}
