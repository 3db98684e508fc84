import { projectPermissionsOf, Unauthorized } from '@modshelf/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '@modshelf/events';
import { invalidInput, PROJECT_PERMISSIONS as P, requireScope } from '@modshelf/service-kit';
import type { AnalyticsDayDoc } from '../read-model/analytics-documents';
import type { ProjectDoc } from '../read-model/documents';
import { canReadProject, findProject, isStaff, jsonStringArray, projectNotFound, readerOf, type QueryDeps } from './context';
import { minPositionWait } from './http';

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_MS = 14 * DAY_MS;

export interface AnalyticsRange {
  start: number;
  end: number;
  /** bucket width in ms (a whole number of days: figures are kept per UTC day) */
  resolution: number;
}

function parseDate(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const t = typeof raw === 'string' ? Date.parse(raw) : NaN;
  if (!Number.isFinite(t)) throw invalidInput(`${name} must be an ISO 8601 date or date-time`);
  return t;
}

/** Modrinth v3's analytics range: start_date, end_date (default: the last two weeks), resolution_minutes (default a day). */
export function parseAnalyticsRange(q: Record<string, unknown>, now: number): AnalyticsRange {
  const end = parseDate(q.end_date, 'end_date', now);
  const start = parseDate(q.start_date, 'start_date', end - DEFAULT_RANGE_MS);
  if (start > end) throw invalidInput('start_date must not be after end_date');
  const rawRes = q.resolution_minutes;
  const minutes = rawRes === undefined || rawRes === '' ? 1440 : Number(rawRes);
  if (!Number.isSafeInteger(minutes) || minutes <= 0 || minutes % 1440 !== 0) {
    throw invalidInput('resolution_minutes must be a positive multiple of 1440 (figures are kept per day)');
  }
  return { start, end, resolution: minutes * 60_000 };
}

/**
 * Buckets day rows as Modrinth's v3 analytics answer them: unix seconds of each bucket's start
 * (epoch-aligned, as ClickHouse's toStartOfInterval) -> the sum; empty buckets are left out.
 */
export function bucketize(rows: readonly AnalyticsDayDoc[], range: AnalyticsRange, value: (d: AnalyticsDayDoc) => number): Record<string, number> {
  const out: Record<string, number> = {};
  const first = Math.floor(range.start / DAY_MS) * DAY_MS;
  for (const d of rows) {
    const t = Date.parse(`${d.day}T00:00:00Z`);
    if (t < first || t > range.end) continue;
    const v = value(d);
    if (!v) continue;
    const key = String(Math.floor(t / range.resolution) * (range.resolution / 1000));
    out[key] = (out[key] ?? 0) + v;
  }
  return out;
}

type Metric = 'downloads' | 'views' | 'revenue' | 'followers';

/**
 * Whether the caller may see a project's analytics: staff; else the contract's projectPermissionsOf (an accepted
 * team entry decides, else an accepted entry on its organization's team) holds VIEW_ANALYTICS (revenue: VIEW_PAYOUTS).
 */
export async function mayViewAnalytics(deps: QueryDeps, p: ProjectDoc, a: Actor, bit: number): Promise<boolean> {
  if (isStaff(a)) return true;
  const m = p.members.find((x) => x.user_id === a.userId);
  const o = p.organization ? await deps.projections.storage.readModels.get('organizations', p.organization) : undefined;
  const om = o?.members.find((x) => x.user_id === a.userId);
  return (projectPermissionsOf(m, om) & bit) === bit;
}

/**
 * Analytics over time (Modrinth v3's shape, under /v2): GET /v2/analytics/{downloads,views,revenue}
 * and (Modshelf) /v2/analytics/followers, with project_ids (JSON array; default: every project the
 * caller is on the team of), start_date, end_date and resolution_minutes. Answer: project id ->
 * bucket start (unix seconds) -> figure; revenue in dollars, followers as {gained, lost}. The ANALYTICS
 * scope; only the team (VIEW_ANALYTICS, revenue VIEW_PAYOUTS) and staff.
 */
export function registerAnalyticsQueryRoutes(app: FastifyInstance, deps: QueryDeps, now: () => number = Date.now): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  async function projectsFor(actor: Actor, raw: unknown, bit: number): Promise<ProjectDoc[]> {
    if (raw === undefined) {
      const ids = new Set(await rm().findIds('projects', 'member', actor.userId));
      const orgs = await rm().getMany('organizations', await rm().findIds('organizations', 'member', actor.userId));
      for (const o of orgs) for (const pid of o.projects) ids.add(pid);
      const mine = await rm().getMany('projects', [...ids].sort());
      const out: ProjectDoc[] = [];
      for (const p of mine) if (await mayViewAnalytics(deps, p, actor, bit)) out.push(p);
      return out;
    }
    const keys = jsonStringArray(raw, 'project_ids');
    if (keys.length > 100) throw invalidInput('At most 100 project_ids at a time');
    const out: ProjectDoc[] = [];
    const reader = await readerOf(rm(), actor);
    for (const key of keys) {
      const p = await findProject(rm(), key);
      if (!p || !canReadProject(p, reader)) throw projectNotFound();
      if (!(await mayViewAnalytics(deps, p, actor, bit))) throw new Unauthorized('You do not have permission to view analytics for this project!');
      if (!out.some((x) => x.id === p.id)) out.push(p);
    }
    return out;
  }

  function route(metric: Metric, bit: number, answer: (rows: AnalyticsDayDoc[], range: AnalyticsRange) => unknown) {
    app.get<{ Querystring: Record<string, string> }>(`/v2/analytics/${metric}`, { preHandler }, async (req) => {
      const actor = requireScope(req, 'ANALYTICS');
      const range = parseAnalyticsRange(req.query, now());
      const projects = await projectsFor(actor, req.query.project_ids, bit);
      const out: Record<string, unknown> = {};
      for (const p of projects) {
        const rows = await rm().getMany('analytics_days', await rm().findIds('analytics_days', 'project', p.id));
        out[p.id] = answer(rows, range);
      }
      return out;
    });
  }

  route('downloads', P.VIEW_ANALYTICS, (rows, range) => bucketize(rows, range, (d) => d.downloads));
  route('views', P.VIEW_ANALYTICS, (rows, range) => bucketize(rows, range, (d) => d.views));
  route('revenue', P.VIEW_PAYOUTS, (rows, range) => {
    const micros = bucketize(rows, range, (d) => d.revenue);
    return Object.fromEntries(Object.entries(micros).map(([k, v]) => [k, v / 1_000_000]));
  });
  route('followers', P.VIEW_ANALYTICS, (rows, range) => {
    const gained = bucketize(rows, range, (d) => d.followers_gained);
    const lost = bucketize(rows, range, (d) => d.followers_lost);
    const keys = [...new Set([...Object.keys(gained), ...Object.keys(lost)])].sort();
    return Object.fromEntries(keys.map((k) => [k, { gained: gained[k] ?? 0, lost: lost[k] ?? 0 }]));
  });
}
