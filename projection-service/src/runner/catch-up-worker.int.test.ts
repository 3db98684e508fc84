import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { appendUnreadable, projectionDifferences, reachBack, SAME_QUERIES } from '../testing/same-projections';
import { ProjectionRunner, type RunnerOptions } from './runner';

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
    const ids: string[] = [];
    const first = await builtTo('first', built, { catchUpWorker: false });
    for await (const [id] of first.storage.readModels.scan('projects')) ids.push(id);
    const { fan } = await reachBack(store, ids);
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
    // with a `min` of 1, no event is left to this thread: every one went through a worker
    expect(rounds.lastWorkerCatchUp!.rounds).toBe(Math.ceil((head - built) / 300));
    expect(rounds.lastWorkerCatchUp!.events).toBe(head - built);

    for (const target of [oneRound, rounds]) {
      const { documents, differences } = await projectionDifferences(first.storage, target.storage);
      expect(differences).toEqual([]);
      expect(documents).toBeGreaterThan(1000);
      expect(await target.storage.readModels.get('projects', ids[4])).toBeNull();
      expect(await target.storage.readModels.findIds('follows', 'user', fan)).toEqual(await first.storage.readModels.findIds('follows', 'user', fan));
      expect((await target.storage.search.search(SAME_QUERIES[4])).total).toBe(1);
    }
  });

  it('an event a projector cannot fold stops the worker; the catch-up in this thread halts at it, as without the worker', async () => {
    writeCatalogueEvents(store, 60);
    const built = await store.headPosition();
    writeCatalogueEvents(store, 60, 9, 60);
    // a version of its schema no upcaster reads: the fold throws at it
    const bad = await appendUnreadable(store);
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
    const { differences } = await projectionDifferences(plain.storage, worked.storage);
    expect(differences).toEqual([]);
  });
});
