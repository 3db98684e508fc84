/** The shape of the site's OpenAPI document, and how its paths compare with the router's (no imports: both openapi.ts and query-types.ts use it). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** `/v2/project/{id|slug}` and `/v2/project/{id}` are the same route: compare paths with parameters blanked. */
export const pathSkeleton = (path: string) =>
  path
    .replace(/\{[^}]+\}/g, '{}')
    .replace(/\/:[^/]+/g, '/{}')
    .replace(/\/\*$/, '/{}');
