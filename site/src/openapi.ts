import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMMUNITY_COMMAND_ROUTES, THREAD_COMMAND_ROUTES, accountsOpenApi, catalogueOpenApiPaths, payoutsOpenApi } from '@modshelf/command-service';
import { moderationOpenApi, queryOpenApi, threadOpenApi } from '@modshelf/projection-service';
import { ErrorAnswer, RESTRICTED_SCOPES, SCOPE_BITS, TOKEN_AUTH, openApiFragment, type OpenApiFragment, type RouteDoc } from '@modshelf/service-kit';
import { installQueryTypes, recordRoutes, type RegisteredRoute } from './query-types';
import { pathSkeleton, type OpenApiDocument } from './openapi-document';

export { pathSkeleton, type OpenApiDocument };

/**
 * The site's one OpenAPI 3.1 document, merged from every service's generated fragment.
 * To publish a new service's routes, export a function returning an `OpenApiFragment`
 * (service-kit `openApiFragment(routes, schemas)` renders zod route docs) and add it here.
 */
export const OPENAPI_SOURCES: { name: string; fragment: () => OpenApiFragment }[] = [
  { name: 'catalogue commands', fragment: () => ({ paths: catalogueOpenApiPaths() }) },
  { name: 'collection, organization and notification commands', fragment: () => ({ paths: catalogueOpenApiPaths(COMMUNITY_COMMAND_ROUTES) }) },
  { name: 'thread commands', fragment: () => ({ paths: catalogueOpenApiPaths(THREAD_COMMAND_ROUTES) }) },
  { name: 'accounts', fragment: accountsOpenApi },
  { name: 'queries', fragment: queryOpenApi },
  { name: 'moderation and audit', fragment: moderationOpenApi },
  { name: 'threads', fragment: threadOpenApi },
  { name: 'payouts', fragment: payoutsOpenApi },
  { name: 'site', fragment: () => siteOpenApi() },
];

/** The site's own routes: this document. */
const SITE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v2/openapi.json',
    tags: ['misc'],
    summary: 'This OpenAPI 3.1 document (also at /openapi.json)',
    responses: { 200: { description: 'The document', schema: z.looseObject({ openapi: z.string() }) } },
  },
];
const siteOpenApi = () => openApiFragment(SITE_ROUTES);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

/** A parameter name used twice in one path (`/organization/{id|slug}/projects/{id|slug}`) gets a suffix. */
function uniqueParams(path: string): { path: string } {
  const seen = new Map<string, number>();
  const out = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    const unique = n === 1 ? name : `${name}_${n}`;
    return `{${unique}}`;
  });
  return { path: out };
}

/** Renames an operation's path parameters, position by position, to the names of the path it joins. */
function renameParams(op: Record<string, unknown>, to: string[]): Record<string, unknown> {
  const params = op.parameters as { name: string; in: string }[] | undefined;
  if (!params) return op;
  let i = 0;
  return { ...op, parameters: params.map((p) => (p.in === 'path' ? { ...p, name: to[i++] ?? p.name } : p)) };
}

/** Merges fragments into one document; a route documented twice or a schema name clash throws. */
export function buildOpenApiDocument(options: { serverUrl?: string; sources?: typeof OPENAPI_SOURCES } = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const bySkeleton = new Map<string, string>();
  const schemas: Record<string, unknown> = {
    Error: cleanSchema(z.toJSONSchema(ErrorAnswer, { io: 'output' })),
  };
  const tags = new Set<string>();
  for (const source of options.sources ?? OPENAPI_SOURCES) {
    const fragment = source.fragment();
    for (const [name, schema] of Object.entries(fragment.components?.schemas ?? {})) {
      if (schemas[name] !== undefined && JSON.stringify(schemas[name]) !== JSON.stringify(schema)) {
        throw new Error(`OpenAPI: schema ${name} of ${source.name} clashes with another service's`);
      }
      schemas[name] = schema;
    }
    for (const [rawPath, item] of Object.entries(fragment.paths)) {
      const { path: own } = uniqueParams(rawPath);
      const skeleton = pathSkeleton(own);
      const key = bySkeleton.get(skeleton) ?? own;
      bySkeleton.set(skeleton, key);
      const target = (paths[key] ??= {});
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        if (target[method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${rawPath} is documented twice (${source.name})`);
        const operation = renameParams(op as Record<string, unknown>, paramNames(key));
        for (const t of (operation.tags as string[] | undefined) ?? []) tags.add(t);
        target[method] = operation;
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Modshelf API',
      version: '2.0.0',
      description:
        "Modshelf's REST API under /v2, compatible with Modrinth's v2 API (same paths, parameters, field names, " +
        'facets syntax, error shape and token scopes). Collections, organizations and payouts use their v3 shapes under /v2. ' +
        'Writes answer with the x-modshelf-position header; reads accept min_position (or x-modshelf-min-position) to wait for it. ' +
        'Generated from the zod schemas of each service.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas,
      securitySchemes: {
        [TOKEN_AUTH]: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'A token in the Authorization header (a `Bearer ` prefix is optional): `mra_` sessions carry every scope, ' +
            '`mrp_` personal access tokens and `mro_` OAuth tokens carry the scopes they were given. Sessions also travel as the ' +
            '`auth-token` cookie. A missing scope answers 401; a hidden resource 404. Operations list the scopes they need; ' +
            '`x-session-only` operations take a session only. Scopes (bit: name; * restricted, never on a PAT): ' +
            (Object.entries(SCOPE_BITS) as [keyof typeof SCOPE_BITS, number][])
              .map(([name, bit]) => `${bit}: ${name}${RESTRICTED_SCOPES.includes(name) ? '*' : ''}`)
              .join(', '),
          'x-scopes': Object.fromEntries(Object.entries(SCOPE_BITS).map(([name, bit]) => [name, 2 ** bit])),
        },
      },
    },
  };
}

function cleanSchema(s: Record<string, unknown>) {
  const { $schema: _s, ...rest } = s;
  return rest;
}

const ROUTES = Symbol('modshelf.registeredRoutes');
type WithRoutes = FastifyInstance & { [ROUTES]?: RegisteredRoute[] };

/**
 * Serves the document at GET /v2/openapi.json and /openapi.json (built once, on first request,
 * so routes registered later are in it), enforces its integer and boolean query parameters
 * (query-types.ts), and records every route registered after this call (`registeredRoutes`),
 * so tests can check that each one is documented.
 */
export function registerOpenApi(app: FastifyInstance, options: { serverUrl?: string } = {}): void {
  const list = recordRoutes(app);
  (app as WithRoutes)[ROUTES] = list;
  let built: OpenApiDocument | null = null;
  const document = () => (built ??= buildOpenApiDocument(options));
  installQueryTypes(app, document, list);
  let doc: string | null = null;
  const serve = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    doc ??= JSON.stringify(document());
    return reply.type('application/json; charset=utf-8').header('access-control-allow-origin', '*').send(doc);
  };
  app.get('/v2/openapi.json', serve);
  app.get('/openapi.json', serve);
}

/** Routes registered on the app after `registerOpenApi` (method, fastify url). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...((app as WithRoutes)[ROUTES] ?? [])];
}
