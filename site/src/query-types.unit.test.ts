import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '@modshelf/service-kit';
import type { OpenApiDocument } from './openapi-document';
import { installQueryTypes } from './query-types';

describe('installQueryTypes', () => {
  it('builds its index of typed parameters when the app is ready, not on the first request, and enforces it', async () => {
    const app = Fastify();
    installErrorHandling(app);
    let built = 0;
    const paths: OpenApiDocument['paths'] = {
      '/v2/things': { get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0 } }] } },
    };
    const document = (): OpenApiDocument => {
      built++;
      return {
        openapi: '3.1.0',
        info: { title: 't', version: '1', description: '' },
        servers: [],
        tags: [],
        paths,
        components: { schemas: {}, securitySchemes: {} },
      };
    };
    installQueryTypes(app, document);
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
});
