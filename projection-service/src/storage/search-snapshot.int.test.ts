import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import type { SearchRequest } from '../search/port';
import { Fixtures } from '../testing/fixtures';
import { ProjectionRunner } from '../runner/runner';
import { SqliteProjectionStorage } from './sqlite-storage';

const QUERIES: SearchRequest[] = [
  { query: '', filter: [], sort: 'relevance', offset: 0, limit: 20 },
  { query: '', filter: [], sort: 'newest', offset: 40, limit: 20 },
  { query: 'mod', filter: [], sort: 'downloads', offset: 0, limit: 50 },
  { query: '', filter: [[[{ field: 'categories', op: '=', value: 'technology' }]]], sort: 'follows', offset: 0, limit: 10 },
  { query: 'snapshot', filter: [], sort: 'relevance', offset: 0, limit: 10 },
];

async function answers(storage: SqliteProjectionStorage) {
  const out: unknown[] = [];
  for (const q of QUERIES) {
    const r = await storage.search.search(q);
    out.push([r.total, r.hits.map((h) => h.project_id)]);
  }
  return out;
}

describe('the projections file keeps the search index in memory across restarts', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proj-snapshot-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db'), pollMs: 10 });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a closed storage opens from its snapshot; one that stopped without closing from its snapshot and the rows changed after it; both answer as a rebuild does', async () => {
    const path = join(dir, 'p.sqlite');
    writeCatalogueEvents(store, 300);
    const first = new ProjectionRunner(store, new SqliteProjectionStorage(path));
    await first.start();
    await first.ready;
    const built = await answers(first.storage as SqliteProjectionStorage);
    await first.close();

    const second = new ProjectionRunner(store, new SqliteProjectionStorage(path));
    const reopened = second.storage as SqliteProjectionStorage;
    expect(reopened.search.load.from).toBe('snapshot');
    expect(await answers(reopened)).toEqual(built);
    await second.start();
    await second.ready;
    const fx = new Fixtures(store);
    const late = await fx.project(await fx.user('late'), { title: 'Snapshot Late Arrival' });
    expect(await second.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    const after = await answers(reopened);
    expect(after[4]).toEqual([1, [late]]);
    // stopped as a crash would: nothing saved at close; the commit above logged its rows beside the snapshot
    reopened.db.close();
    await second.close();

    const third = new SqliteProjectionStorage(path);
    expect(third.search.load).toMatchObject({ from: 'snapshot+delta', rows: 1 });
    expect(await answers(third)).toEqual(after);
    await third.close();
    const fourth = new SqliteProjectionStorage(path);
    expect(fourth.search.load.from).toBe('snapshot');
    expect(await answers(fourth)).toEqual(after);
    await fourth.close();
  });

  it('a bulk build stores the same snapshot at close: a serving storage opens from it, and after commits and a crash from it and the rows changed', async () => {
    const path = join(dir, 'bulk.sqlite');
    writeCatalogueEvents(store, 200);
    const bulk = new ProjectionRunner(store, new SqliteProjectionStorage(path, { bulk: true }));
    await bulk.catchUp();
    const built = await answers(bulk.storage as SqliteProjectionStorage);
    await bulk.close();

    const serving = new SqliteProjectionStorage(path);
    expect(serving.search.load).toMatchObject({ from: 'snapshot', rows: 0 });
    expect(await answers(serving)).toEqual(built);
    const runner = new ProjectionRunner(store, serving);
    await runner.start();
    await runner.ready;
    const fx = new Fixtures(store);
    await fx.project(await fx.user('bulky'), { title: 'Snapshot After Bulk' });
    expect(await runner.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    const after = await answers(serving);
    serving.db.close();
    await runner.close();
    const reopened = new SqliteProjectionStorage(path);
    expect(reopened.search.load.from).toBe('snapshot+delta');
    expect(await answers(reopened)).toEqual(after);
    await reopened.close();
  });
});
