import type { FastifyInstance } from 'fastify';
import { invalidInput } from '@modshelf/service-kit';
import { pathSkeleton, type OpenApiDocument } from './openapi-document';

interface ParamSchema {
  type?: string;
  minimum?: number;
}
type Checks = Map<string, ParamSchema>;

/** A value of a documented integer or boolean parameter: `null` when it fits, else why not. */
export function typeError(name: string, raw: string, schema: ParamSchema): string | null {
  if (schema.type === 'integer') {
    const n = /^-?\d{1,15}$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n)) return `${name} must be an integer, not '${raw.slice(0, 40)}'`;
    if (schema.minimum !== undefined && n < schema.minimum) return `${name} must be at least ${schema.minimum}`;
  }
  if (schema.type === 'boolean' && raw !== 'true' && raw !== 'false') return `${name} must be true or false, not '${raw.slice(0, 40)}'`;
  return null;
}

/** A route as Fastify registered it: its method and its pattern (`/v2/project/:id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Records every route registered on the app from now on (a route of several methods once per method). */
export function recordRoutes(app: FastifyInstance): RegisteredRoute[] {
  const list: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) list.push({ method: m, url: route.url ?? route.path });
  });
  return list;
}

/**
 * The published document is also enforced: a query parameter the document types as an
 * integer or a boolean is refused with 400 `invalid_input` when its value is not one
 * (`limit=null`, `offset=-1`, `featured=maybe`), for every documented route at once,
 * before its handler runs. An empty value counts as absent, as the handlers take it.
 *
 * The checks are found once, when the app is ready (not by the first request: ~180 ms in a
 * replica's profile), for each of `routes` (what `recordRoutes` recorded), keyed by method and
 * route pattern, which is what a request is looked up by.
 */
export function installQueryTypes(app: FastifyInstance, document: () => OpenApiDocument, routes: readonly RegisteredRoute[]): void {
  const byPattern = new Map<string, Checks>();
  app.addHook('onReady', async () => {
    const bySkeleton = new Map<string, Checks>();
    for (const [path, item] of Object.entries(document().paths)) {
      for (const [method, op] of Object.entries(item)) {
        const params = (op.parameters ?? []) as Array<{ name: string; in: string; schema?: ParamSchema }>;
        const checks: Checks = new Map();
        for (const p of params) if (p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'boolean')) checks.set(p.name, p.schema);
        if (checks.size) bySkeleton.set(`${method.toUpperCase()} ${pathSkeleton(path)}`, checks);
      }
    }
    for (const { method, url } of routes) {
      const checks = url.startsWith('/v2/') ? bySkeleton.get(`${method} ${pathSkeleton(url)}`) : undefined;
      if (checks) byPattern.set(`${method} ${url}`, checks);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const url = request.routeOptions.url;
    const checks = url === undefined ? undefined : byPattern.get(`${request.method} ${url}`);
    if (!checks) return done();
    const query = request.query as Record<string, unknown>;
    for (const [name, schema] of checks) {
      const raw = query[name];
      if (typeof raw !== 'string' || raw === '') continue;
      const error = typeError(name, raw, schema);
      if (error) return done(invalidInput(error));
    }
    done();
  });
}
