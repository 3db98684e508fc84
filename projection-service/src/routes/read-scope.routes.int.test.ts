import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projections, ReadScope } from '../runner/runner';
import { testApp, type TestApp } from '../testing/app';

/**
 * Which projections a route waits for: the read models only, or the search index too. The routes
 * see the projections as a distributed deployment may: the read models current, the index behind.
 */
describe('query routes wait for the stores they read (x-modshelf-min-position)', () => {
  let t: TestApp;
  const waited: ReadScope[] = [];
  let projectId = '';
  let head = 0;
  beforeAll(async () => {
    t = await testApp({
      routesSee: (real): Projections => ({
        ...real,
        storage: real.storage,
        ready: real.ready,
        checkpoint: (scope = 'all') => (scope === 'read-models' ? real.checkpoint() : 0),
        waitForPosition: async (position, timeoutMs, scope = 'all') => {
          waited.push(scope);
          return scope === 'read-models' ? real.waitForPosition(position, timeoutMs) : false;
        },
        lag: () => real.lag(),
        head: () => real.head(),
        failures: () => real.failures(),
        rebuild: () => real.rebuild(),
        close: () => real.close(),
      }),
    });
    const alice = await t.fx.user('alice');
    projectId = await t.fx.project(alice, { title: 'Scoped Reads' });
    await t.sync();
    head = await t.fx.store.headPosition();
  });
  afterAll(() => t.close());

  it('a project read waits for the read models only, and answers at their position', async () => {
    waited.length = 0;
    const res = await t.app.inject({ url: `/v2/project/${projectId}`, headers: { 'x-modshelf-min-position': String(head) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-modshelf-position']).toBe(String(head));
    expect(waited.every((s) => s === 'read-models')).toBe(true);
  });

  it('a search waits for the index as well, and says how far it got', async () => {
    waited.length = 0;
    const res = await t.app.inject({ url: `/v2/search?query=scoped`, headers: { 'x-modshelf-min-position': String(head) } });
    expect(res.statusCode).toBe(200);
    expect(waited).toEqual(['all']);
    expect(res.headers['x-modshelf-position']).toBe('0');
  });

  it('random projects and the statistics come from the index: they wait for it too', async () => {
    for (const url of ['/v2/projects_random?count=1', '/v2/statistics']) {
      waited.length = 0;
      const res = await t.app.inject({ url, headers: { 'x-modshelf-min-position': String(head) } });
      expect(res.statusCode, url).toBe(200);
      expect(waited, url).toEqual(['all']);
    }
  });
});
