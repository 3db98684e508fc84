import { z } from 'zod';
import type { ScopeName } from './scopes';

/**
 * OpenAPI 3.1 fragments generated from zod schemas. Each service describes its routes as
 * `RouteDoc`s next to the code that registers them and exports a function returning an
 * `OpenApiFragment`; the site merges every fragment into one document (site/src/openapi.ts).
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The wire's error shape is the contract's. */
export { ErrorAnswer } from '@modshelf/contract/v2/error';

/** Where every fragment points for the error body; the site defines it from `ErrorAnswer`. */
export const ERROR_REF = '#/components/schemas/Error';
/** The security scheme name: the `Authorization` header carries a token (`mra_` session, `mrp_` PAT, `mro_` OAuth). */
export const TOKEN_AUTH = 'TokenAuth';

export interface ResponseDoc {
  description: string;
  /** the JSON body; omitted: no body (204) or, for 4xx/5xx, the error shape */
  schema?: z.ZodType;
  /** content type when it is not JSON (e.g. 'text/plain', 'image/*') */
  contentType?: string;
}

export interface RouteDoc {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v2/project/{id|slug}` (Modrinth's parameter names) */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  /**
   * Token requirement: `none` (public), `optional` (a token with `scopes` widens what is seen),
   * `required` (a token with `scopes`), `session` (a session token only).
   */
  auth?: 'none' | 'optional' | 'required' | 'session';
  scopes?: ScopeName[];
  query?: z.ZodObject;
  /** JSON request body (or form body when `bodyContentType` says so) */
  body?: z.ZodType;
  bodyContentType?: string;
  /** status -> answer; a bare string is a description (error statuses get the error shape) */
  responses: Record<number, ResponseDoc | string>;
  deprecated?: boolean;
}

export interface OpenApiFragment {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

type JsonSchema = Record<string, unknown>;

const DATE_TIME = 'date-time';

/** Drops zod's long date-time regex (the format says it) and the per-schema $schema/$id headers. */
function tidy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidy);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as JsonSchema)) {
    if (k === '$schema' || k === '$id') continue;
    if (k === 'pattern' && (schema as JsonSchema).format === DATE_TIME) continue;
    // zod writes the safe-integer bounds on every int; they say nothing to a reader
    if ((k === 'minimum' && v === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER)) continue;
    out[k] = tidy(v);
  }
  return out;
}

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

/**
 * Renders routes to OpenAPI path items. `named` schemas become `components.schemas` entries
 * (referenced wherever they occur); everything else is inlined into its operation.
 */
export function openApiFragment(routes: RouteDoc[], named: Record<string, z.ZodType> = {}, io: 'input' | 'output' = 'output'): OpenApiFragment {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  for (const [id, schema] of Object.entries(named)) {
    registry.add(schema, { id });
    ids.set(schema, id);
  }
  // anonymous schemas of operations are rendered in the same pass (so they reference the
  // named ones), then moved inline
  const anonymous = new Map<z.ZodType, string>();
  const idOf = (schema: z.ZodType): string => {
    const known = ids.get(schema) ?? anonymous.get(schema);
    if (known) return known;
    const id = `__inline_${anonymous.size}`;
    anonymous.set(schema, id);
    registry.add(schema, { id });
    return id;
  };
  const plan = routes.map((r) => ({
    r,
    query: r.query ? idOf(r.query) : undefined,
    body: r.body ? idOf(r.body) : undefined,
    responses: Object.entries(r.responses).map(([status, doc]) => {
      const d: ResponseDoc = typeof doc === 'string' ? { description: doc } : doc;
      return { status, d, id: d.schema ? idOf(d.schema) : undefined };
    }),
  }));
  const rendered = (z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io, unrepresentable: 'any' }) as { schemas: Record<string, unknown> })
    .schemas;
  // an operation's schema used inside another one is inlined there too
  const INLINE = '#/components/schemas/__inline_';
  const inlineRefs = (schema: unknown, depth = 0): unknown => {
    if (Array.isArray(schema)) return schema.map((x) => inlineRefs(x, depth));
    if (!schema || typeof schema !== 'object') return schema;
    const ref = (schema as JsonSchema).$ref;
    if (typeof ref === 'string' && ref.startsWith(INLINE) && depth < 20) {
      const { $ref: _r, ...rest } = schema as JsonSchema;
      return { ...(inlineRefs(tidy(rendered[ref.slice('#/components/schemas/'.length)]), depth + 1) as JsonSchema), ...rest };
    }
    return Object.fromEntries(Object.entries(schema as JsonSchema).map(([k, v]) => [k, inlineRefs(v, depth)]));
  };
  const schemaFor = (id: string, inputSide = false): unknown => {
    if (!id.startsWith('__inline_')) return { $ref: `#/components/schemas/${id}` };
    const s = inlineRefs(tidy(rendered[id]));
    if (!inputSide) return s;
    // request bodies and queries are rendered as inputs: defaults make fields optional
    const schema = [...anonymous].find(([, v]) => v === id)![0];
    return tidy(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  };

  const paths: OpenApiFragment['paths'] = {};
  for (const { r, query, body, responses } of plan) {
    const parameters: unknown[] = pathParams(r.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    if (query) {
      const q = schemaFor(query, true) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        const { description, ...rest } = schema as { description?: string };
        parameters.push({ name, in: 'query', required: (q.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
      }
    }
    const op: Record<string, unknown> = {
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      ...(r.tags ? { tags: r.tags } : {}),
      operationId: operationId(r.method, r.path),
      ...(parameters.length ? { parameters } : {}),
      ...(r.deprecated ? { deprecated: true } : {}),
    };
    if (r.auth === 'required' || r.auth === 'session') op.security = [{ [TOKEN_AUTH]: r.auth === 'session' ? [] : (r.scopes ?? []) }];
    else if (r.auth === 'optional') op.security = [{}, { [TOKEN_AUTH]: r.scopes ?? [] }];
    else op.security = [];
    if (r.auth === 'session') op['x-session-only'] = true;
    if (body) op.requestBody = { required: true, content: { [r.bodyContentType ?? 'application/json']: { schema: schemaFor(body, true) } } };
    const out: Record<string, unknown> = {};
    for (const { status, d, id } of responses) {
      const code = Number(status);
      if (id) out[status] = { description: d.description, content: { [d.contentType ?? 'application/json']: { schema: schemaFor(id) } } };
      else if (code >= 400) out[status] = { description: d.description, content: { 'application/json': { schema: { $ref: ERROR_REF } } } };
      else if (d.contentType) out[status] = { description: d.description, content: { [d.contentType]: { schema: {} } } };
      else out[status] = { description: d.description };
    }
    op.responses = out;
    (paths[r.path] ??= {})[r.method] = op;
  }
  const schemas: Record<string, unknown> = {};
  for (const id of Object.keys(named)) schemas[id] = inlineRefs(tidy(rendered[id]));
  return { paths, components: { schemas } };
}

/** getV2ProjectIdSlugVersion-style ids, unique per method and path. */
export function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}
