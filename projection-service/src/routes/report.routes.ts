import type { FastifyInstance } from 'fastify';
import { hasScope, missingScope, notFound, unauthorized } from '@modshelf/service-kit';
import type { ReportDoc } from '../read-model/documents';
import { reportView } from '../views/report.view';
import { isStaff, jsonStringArray, type QueryDeps } from './context';
import { actorOf, minPositionWait } from './http';

/** Reads of reports: the reporter sees their own, moderators and admins see all (REPORT_READ). */
export function registerReportRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);
  const reader = (req: Parameters<typeof actorOf>[0]) => {
    const a = actorOf(req);
    if (!a) throw unauthorized();
    if (!hasScope(a.scopes, 'REPORT_READ')) throw missingScope('REPORT_READ');
    return a;
  };

  app.get<{ Querystring: Record<string, string> }>('/v2/report', { preHandler }, async (req) => {
    const a = reader(req);
    const count = Math.min(1000, Math.max(0, Number.parseInt(req.query.count ?? '100', 10) || 100));
    const all = req.query.all === 'true' && isStaff(a);
    let reports: ReportDoc[] = [];
    if (all) for await (const [, r] of rm().scan('reports')) reports.push(r);
    else if (isStaff(a)) reports = await rm().getMany('reports', await rm().findIds('reports', 'open', 'open'));
    else reports = (await rm().getMany('reports', await rm().findIds('reports', 'reporter', a.userId))).filter((r) => !r.closed);
    reports.sort((x, y) => Date.parse(y.created) - Date.parse(x.created));
    return reports.slice(0, count).map(reportView);
  });

  app.get<{ Params: { id: string } }>('/v2/report/:id', { preHandler }, async (req) => {
    const a = reader(req);
    const r = await rm().get('reports', req.params.id);
    if (!r || (r.reporter !== a.userId && !isStaff(a))) throw notFound('The requested report was not found');
    return reportView(r);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/reports', { preHandler }, async (req) => {
    const a = reader(req);
    const reports = await rm().getMany('reports', jsonStringArray(req.query.ids, 'ids'));
    return reports.filter((r) => r.reporter === a.userId || isStaff(a)).map(reportView);
  });
}
