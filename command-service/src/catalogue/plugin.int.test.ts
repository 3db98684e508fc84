import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { ALL_SCOPES, installErrorHandling } from '@modshelf/service-kit';
import { registerCatalogueCommands } from './plugin';
import { multipart as form, projectData } from './testing/harness';

describe('registerCatalogueCommands', () => {
  it('works beside a multipart plugin registered at the root with other limits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plugin-'));
    const store = new SqliteEventStore({ path: join(dir, 'e.db') });
    const app = Fastify();
    installErrorHandling(app);
    await app.register(multipart, { limits: { fileSize: 10 } });
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (req) => {
      req.actor = { userId: 'OwnerAAA', username: 'o', role: 'developer', kind: 'session', scopes: ALL_SCOPES, tokenRefId: 't' };
    });
    registerCatalogueCommands(app, { store, dataDir: dir, publicUrl: 'http://x.test', maxFileBytes: 1000 });
    await app.ready();
    const body = form([
      { name: 'data', value: JSON.stringify(projectData()) },
      { name: 'icon', filename: 'i.png', content: Buffer.alloc(500, 1) },
    ]);
    const res = await app.inject({ method: 'POST', url: '/v2/project', headers: body.headers, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
