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

/**
 * The published document is also enforced: a query parameter the document types as an
 * integer or a boolean is refused with 400 `invalid_input` when its value is not one
 * (`limit=null`, `offset=-1`, `featured=maybe`), for every documented route at once,
 * before its handler runs. An empty value counts as absent, as the handlers take it.
 */
export function installQueryTypes(app: FastifyInstance, document: () => OpenApiDocument): void {
  let byRoute: Map<string, Checks> | null = null;
  const index = () => {
    const map = new Map<string, Checks>();
    for (const [path, item] of Object.entries(document().paths)) {
      for (const [method, op] of Object.entries(item)) {
        const params = (op.parameters ?? []) as Array<{ name: string; in: string; schema?: ParamSchema }>;
        const checks: Checks = new Map();
        for (const p of params) if (p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'boolean')) checks.set(p.name, p.schema);
        if (checks.size) map.set(`${method.toUpperCase()} ${pathSkeleton(path)}`, checks);
      }
    }
    return map;
  };
  // built once every route is registered, before the first request (not by it: ~180 ms in a replica's profile)
  app.addHook('onReady', async () => {
    byRoute ??= index();
  });
  // the checks of a route pattern (`PATCH /v2/project/:id`), looked up once per pattern instead of on every request
  const forRoute = new Map<string, Checks | null>();
  const checksOf = (method: string, url: string): Checks | null => {
    const key = `${method} ${url}`;
    let checks = forRoute.get(key);
    if (checks === undefined) {
      byRoute ??= index();
      checks = byRoute.get(`${method} ${pathSkeleton(url)}`) ?? null;
      forRoute.set(key, checks);
    }
    return checks;
  };
  app.addHook('preValidation', (request, _reply, done) => {
    const url = request.routeOptions.url;
    const checks = url?.startsWith('/v2/') ? checksOf(request.method, url) : null;
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
