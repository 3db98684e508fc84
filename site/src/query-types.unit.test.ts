import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '@modshelf/service-kit';
import type { OpenApiDocument } from './openapi-document';
import { installQueryTypes, recordRoutes } from './query-types';

/** A document of one GET route whose `limit` is an integer of at least `minimum`. */
function documentOf(path: string, minimum: number): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1', description: '' },
    servers: [],
    tags: [],
    paths: { [path]: { get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum } }] } } },
    components: { schemas: {}, securitySchemes: {} },
  };
}

/** An app whose document has one route with a typed `limit`; counts how often the document is read. */
function documented() {
  let reads = 0;
  const doc = documentOf('/v2/thing/{id}', 1);
  const app = Fastify();
  installErrorHandling(app);
  installQueryTypes(app, () => (reads++, doc), recordRoutes(app));
  app.get('/v2/thing/:id', async () => ({ ok: true }));
  app.get('/v2/other', async () => ({ ok: true }));
  return { app, reads: () => reads };
}

describe('installQueryTypes', () => {
  it('builds its index of typed parameters when the app is ready, not on the first request, and enforces it', async () => {
    const app = Fastify();
    installErrorHandling(app);
    let built = 0;
    installQueryTypes(app, () => (built++, documentOf('/v2/things', 0)), recordRoutes(app));
    app.get('/v2/things', async () => ({ ok: true }));
    await app.ready();
    expect(built).toBe(1);
    const bad = await app.inject({ method: 'GET', url: '/v2/things?limit=null' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_input', description: "limit must be an integer, not 'null'" });
    expect((await app.inject({ method: 'GET', url: '/v2/things?limit=3' })).statusCode).toBe(200);
    expect(built).toBe(1);
    await app.close();
  });

  it("refuses a malformed documented parameter on every request of a route, the route's checks found once", async () => {
    const { app, reads } = documented();
    for (const id of ['a', 'b', 'a']) {
      const bad = await app.inject({ method: 'GET', url: `/v2/thing/${id}?limit=null` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().description).toContain('limit must be an integer');
      expect((await app.inject({ method: 'GET', url: `/v2/thing/${id}?limit=0` })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: `/v2/thing/${id}?limit=3` })).statusCode).toBe(200);
    }
    // a route the document gives no typed parameter answers as usual, again and again
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: '/v2/other?limit=null' })).statusCode).toBe(200);
    expect(reads()).toBe(1);
    await app.close();
  });

  it('enforces a route a plugin registers under a prefix', async () => {
    const app = Fastify();
    installErrorHandling(app);
    installQueryTypes(app, () => documentOf('/v2/team/{id}/members', 0), recordRoutes(app));
    await app.register(async (scope) => scope.get('/team/:id/members', async () => ({ ok: true })), { prefix: '/v2' });
    expect((await app.inject({ method: 'GET', url: '/v2/team/x/members?limit=no' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/v2/team/x/members?limit=2' })).statusCode).toBe(200);
    await app.close();
  });
});
