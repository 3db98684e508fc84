import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type Actor } from '@modshelf/events';
import { ALL_SCOPES, installErrorHandling } from '@modshelf/service-kit';
import { startProjections } from '../index';
import type { Projections } from '../runner/runner';
import { registerQueryRoutes } from '../routes/plugin';
import { Fixtures } from './fixtures';

export interface TestApp {
  app: FastifyInstance;
  fx: Fixtures;
  projections: Projections;
  /** waits until the projections reached the log head */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A query app over an in-memory log, or with `fileLog` over an events.db in its temp dir (the store is then
 * also given to the routes, as the site composes them). The test-only auth hook reads
 * `x-test-user: <userId>[:role[:scopes]]` into request.actor, as the site's auth hook would. `routesSee`
 * gives the routes another view of the projections (tests of what a route waits for).
 */
export async function testApp(options: { fileLog?: boolean; routesSee?: (projections: Projections) => Projections } = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'query-'));
  const fx = options.fileLog ? new Fixtures(new SqliteEventStore({ path: join(dir, 'events.db'), pollMs: 10 })) : Fixtures.memory();
  const projections = await startProjections({ store: fx.store, dataDir: dir });
  const app = Fastify({ maxParamLength: 256 });
  installErrorHandling(app);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const h = req.headers['x-test-user'];
    if (typeof h !== 'string') return;
    const [userId, role = 'developer', scopes] = h.split(':');
    const actor: Actor = {
      userId,
      username: userId,
      role: role as Actor['role'],
      kind: 'session',
      scopes: scopes ? Number(scopes) : ALL_SCOPES,
      tokenRefId: 'test',
    } as Actor;
    req.actor = actor;
  });
  registerQueryRoutes(app, {
    projections: options.routesSee ? options.routesSee(projections) : projections,
    publicUrl: 'http://localhost',
    store: options.fileLog ? fx.store : undefined,
  });
  await app.ready();
  return {
    app,
    fx,
    projections,
    async sync() {
      await projections.ready;
      await projections.waitForPosition(await fx.store.headPosition(), 5000);
    },
    async close() {
      await app.close();
      await projections.close();
      await fx.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
