import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DownloadsCounted,
  ProjectDeleted,
  ProjectEdited,
  ProjectFollowed,
  ProjectUnfollowed,
  SqliteEventStore,
  downloadsStream,
  followsStream,
  projectStream,
} from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { compareStorages } from '../replay/replay';
import type { SearchRequest } from '../search/port';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { Fixtures } from '../testing/fixtures';
import { ProjectionRunner, type RunnerOptions } from './runner';

const QUERIES: SearchRequest[] = [
  { query: '', filter: [], sort: 'relevance', offset: 0, limit: 20 },
  { query: '', filter: [], sort: 'newest', offset: 40, limit: 20 },
  { query: 'mod', filter: [], sort: 'downloads', offset: 0, limit: 50 },
  { query: 'renamed', filter: [], sort: 'relevance', offset: 0, limit: 10 },
];

describe('a catch-up folded on a worker thread (catch-up-worker.ts)', () => {
  let dir: string;
  let store: SqliteEventStore;
  const runners: ProjectionRunner[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'catch-up-worker-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db') });
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A runner over its own serving storage, built up to `upTo` (from empty: through RebuildReads, never a worker). */
  async function builtTo(name: string, upTo: number, options: RunnerOptions) {
    const runner = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, `${name}.sqlite`)), { batchSize: 64, ...options });
    runners.push(runner);
    await runner.catchUp(upTo);
    expect(runner.lastWorkerCatchUp).toBeNull();
    return runner;
  }

  it('stores what the catch-up in one thread stores, in one round or many, over documents stored before it', async () => {
    writeCatalogueEvents(store, 150);
    const built = await store.headPosition();
    writeCatalogueEvents(store, 150, 9, 150);
    // later events that reach back to documents the storage held before the catch-up: edits, follows, deletions
    const fx = new Fixtures(store);
    const ids: string[] = [];
    const first = await builtTo('first', built, { catchUpWorker: false });
    for await (const [id] of first.storage.readModels.scan('projects')) ids.push(id);
    const fan = await fx.user('fan');
    await fx.emit(projectStream(ids[0]), [ProjectEdited({ changes: { slug: 'renamed-one', title: 'Renamed one' } })]);
    await fx.emit(followsStream(fan), [ProjectFollowed({ user_id: fan, project_id: ids[1] }), ProjectFollowed({ user_id: fan, project_id: ids[2] })]);
    await fx.emit(followsStream(fan), [ProjectUnfollowed({ user_id: fan, project_id: ids[1] })]);
    await fx.emit(downloadsStream(ids[3]), [DownloadsCounted({ project_id: ids[3], version_id: null, count: 5 })]);
    await fx.emit(projectStream(ids[4]), [ProjectDeleted({ project_id: ids[4] })]);
    const late = await fx.project(fan, { title: 'Late project' });
    await fx.version(late, fan, { version_number: '2.0.0' });
    const head = await store.headPosition();

    await first.catchUp();
    expect(first.lastWorkerCatchUp).toBeNull();
    expect(first.checkpoint()).toBe(head);
    const oneRound = await builtTo('one-round', built, { catchUpWorker: { min: 1, page: 200 } });
    const rounds = await builtTo('rounds', built, { catchUpWorker: { min: 1, round: 300, page: 100 } });
    for (const r of [oneRound, rounds]) {
      await r.catchUp();
      expect(r.checkpoint()).toBe(head);
      expect(await r.storage.checkpoint()).toBe(head);
    }
    expect(oneRound.lastWorkerCatchUp).toEqual({ rounds: 1, events: head - built });
    // the rounds leave fewer than `min` events?: none is left (min 1), so every event went through a worker
    expect(rounds.lastWorkerCatchUp!.rounds).toBe(Math.ceil((head - built) / 300));
    expect(rounds.lastWorkerCatchUp!.events).toBe(head - built);

    for (const target of [oneRound, rounds]) {
      const { documents, differences } = await compareStorages(first.storage, target.storage);
      expect(differences).toEqual([]);
      expect(documents).toBeGreaterThan(1000);
      expect(await target.storage.readModels.get('projects', ids[4])).toBeNull();
      expect(await target.storage.readModels.findIds('follows', 'user', fan)).toEqual(await first.storage.readModels.findIds('follows', 'user', fan));
      for (const q of QUERIES) {
        const a = await first.storage.search.search(q);
        const b = await target.storage.search.search(q);
        expect(b.total).toBe(a.total);
        expect(b.hits).toEqual(a.hits);
      }
      expect((await target.storage.search.search(QUERIES[3])).total).toBe(1);
    }
  });

  it('an event a projector cannot fold stops the worker; the catch-up in this thread halts at it, as without the worker', async () => {
    writeCatalogueEvents(store, 60);
    const built = await store.headPosition();
    writeCatalogueEvents(store, 60, 9, 60);
    // a version of its schema no upcaster reads: the fold throws at it
    const bad = (await store.append(downloadsStream('p-bad'), [
      { type: 'DownloadsCounted', schemaVersion: -1, data: { project_id: 'p-bad', version_id: null, count: 1 }, metadata: {} as never },
    ], -1)).position;
    writeCatalogueEvents(store, 20, 11, 120);
    const logs: string[] = [];
    const plain = await builtTo('plain', built, { catchUpWorker: false });
    const worked = await builtTo('worked', built, { catchUpWorker: { min: 1, page: 50 }, log: (m) => logs.push(m) });
    for (const r of [plain, worked]) {
      await r.catchUp();
      expect(r.failures()).toEqual([expect.objectContaining({ position: bad, projector: 'upcast' })]);
      expect(r.checkpoint()).toBe(bad - 1);
      expect(await r.storage.checkpoint()).toBe(bad - 1);
    }
    expect(worked.lastWorkerCatchUp!.events).toBe(bad - 1 - built);
    expect(logs.some((m) => m.includes('a projector threw'))).toBe(true);
    const { differences } = await compareStorages(plain.storage, worked.storage);
    expect(differences).toEqual([]);
  });
});
