import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectDeleted, ProjectEdited, ProjectFollowed, SqliteEventStore, followsStream, projectStream } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { compareStorages } from '../replay/replay';
import {
  BULK_PAGE_BYTES,
  CATCH_UP_CACHE_KIB,
  CATCH_UP_WAL_BYTES,
  SERVING_CACHE_KIB,
  SERVING_WAL_PAGES,
  SqliteProjectionStorage,
} from '../storage/sqlite-storage';
import { ThreadedBulkStorage } from '../storage/threaded-bulk';
import { Fixtures } from '../testing/fixtures';
import { projectionDifferences, reachBack, SAME_QUERIES } from '../testing/same-projections';
import { PROJECTORS, type Projector } from '../projectors/index';
import { ProjectionRunner } from './runner';

describe('building the projections into an empty storage (RebuildReads) and the live runner', () => {
  let dir: string;
  let store: SqliteEventStore;
  const runners: ProjectionRunner[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proj-build-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db'), pollMs: 10 });
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('store the same documents and answer the same searches for one generated log', async () => {
    // the live runner tails the log as it is written, in small batches
    const live = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, 'live.sqlite')), { batchSize: 64 });
    // and one that folds its recent tables into the main ones from the first document, 50 rows a commit
    const folding = new ProjectionRunner(
      store,
      new SqliteProjectionStorage(join(dir, 'folding.sqlite'), { fold: { minRows: 1, share: 0, stepRows: 50, everyMs: 0 } }),
      {
        batchSize: 64,
      },
    );
    runners.push(live, folding);
    for (const r of [live, folding]) {
      await r.start();
      await r.ready;
    }
    writeCatalogueEvents(store, 300);
    expect(await live.waitForPosition(await store.headPosition(), 30_000)).toBe(true);

    // later events that reach back to documents written many batches before: edits, follows, deletions
    const ids: string[] = [];
    for await (const [id] of live.storage.readModels.scan('projects')) ids.push(id);
    await reachBack(store, ids);
    const head = await store.headPosition();
    expect(await live.waitForPosition(head, 30_000)).toBe(true);
    expect(await folding.waitForPosition(head, 30_000)).toBe(true);
    expect(live.lastBuild).not.toBeNull(); // it started on an empty log: everything after came through the tail

    const built = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, 'built.sqlite'), { bulk: true }), { buildBatchSize: 500 });
    runners.push(built);
    await built.catchUp(head);
    expect(built.checkpoint()).toBe(head);
    expect(built.lastBuild).not.toBeNull();
    // the late events read documents older than the last two batches from the storage
    expect(built.lastBuild!.storageReads).toBeGreaterThan(0);
    // the bulk target was created with larger pages; the live (WAL) file keeps SQLite's default
    expect((built.storage as SqliteProjectionStorage).db.pragma('page_size', { simple: true })).toBe(BULK_PAGE_BYTES);
    expect((live.storage as SqliteProjectionStorage).db.pragma('page_size', { simple: true })).toBe(4096);

    // the same build with its writes on a worker thread (ThreadedBulkStorage): its reads of old documents go to its own connection
    // (pages larger than batchSize: its catchingUp window is open, as in a build of the default sizes)
    const threaded = new ProjectionRunner(store, new ThreadedBulkStorage(join(dir, 'threaded.sqlite')), { buildBatchSize: 500, batchSize: 100 });
    runners.push(threaded);
    // its window's last commit made 50 ms late (flush() waits for it, as for any write behind catchingUp)
    const threadedStorage = threaded.storage as ThreadedBulkStorage;
    const catchingUp = threadedStorage.catchingUp.bind(threadedStorage);
    const flush = threadedStorage.flush.bind(threadedStorage);
    let closing: Promise<void> | null = null;
    threadedStorage.catchingUp = (behind) => {
      if (behind) return catchingUp(true);
      closing = new Promise((done) => setTimeout(() => done(catchingUp(false)), 50));
    };
    threadedStorage.flush = async () => {
      await closing;
      await flush();
    };
    await threaded.catchUp(head);
    // caught up: the file holds the build for any connection (the runner waited for the window's last commit)
    const other = new Database(join(dir, 'threaded.sqlite'), { readonly: true });
    try {
      expect(other.prepare('SELECT max(position) FROM checkpoints').pluck().get()).toBe(head);
    } finally {
      other.close();
    }
    expect(threaded.checkpoint()).toBe(head);
    expect(await threaded.storage.checkpoint()).toBe(head);
    expect(threaded.lastBuild!.storageReads).toBe(built.lastBuild!.storageReads);
    // its batches were one transaction (the catchingUp window), committed for those reads and when the build ended (above)
    const windowCommits = threadedStorage.windowCommitsForReads;
    expect(windowCommits).toBeGreaterThan(0);
    expect(windowCommits).toBeLessThanOrEqual(threaded.lastBuild!.storageReads);

    // the live storages wrote their recent tables; the folding one has moved many of its rows into the main ones
    const rows = (r: ProjectionRunner, table: string) =>
      (r.storage as SqliteProjectionStorage).db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    expect(rows(live, 'rm_docs')).toBe(0);
    expect(rows(live, 'rm_docs_recent')).toBeGreaterThan(1000);
    expect(rows(folding, 'rm_docs')).toBeGreaterThan(1000);
    expect(rows(folding, 'rm_index_keys')).toBeGreaterThan(1000);
    expect(rows(built, 'rm_docs_recent')).toBe(0);

    for (const target of [built, threaded, folding]) {
      const { documents, differences } = await projectionDifferences(live.storage, target.storage);
      expect(differences).toEqual([]);
      expect(documents).toBeGreaterThan(1000);
      expect(await target.storage.readModels.get('projects', ids[4])).toBeNull();
      expect((await target.storage.search.search(SAME_QUERIES[4])).total).toBe(1);
    }
  });

  it('a storage that holds documents is caught up the ordinary way', async () => {
    writeCatalogueEvents(store, 20);
    const runner = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, 'p.sqlite')), { buildBatchSize: 10 });
    runners.push(runner);
    await runner.catchUp(30);
    expect(runner.lastBuild).not.toBeNull();
    await runner.catchUp();
    expect(runner.lastBuild).toBeNull();
    expect(runner.checkpoint()).toBe(await store.headPosition());
  });

  it('a storage behind by more than a batch catches up in pages of catchUpBatchSize with the catch-up cache and WAL limit, storing what the live runner stores', async () => {
    const live = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, 'live.sqlite')), { batchSize: 64 });
    runners.push(live);
    await live.start();
    await live.ready;
    writeCatalogueEvents(store, 20);
    const first = await store.headPosition();
    const path = join(dir, 'behind.sqlite');
    const early = new ProjectionRunner(store, new SqliteProjectionStorage(path), { batchSize: 64 });
    await early.catchUp(first);
    const ids: string[] = [];
    for await (const [id] of early.storage.readModels.scan('projects')) ids.push(id);
    await early.close();

    // later events, some of them reaching back to the documents stored above
    writeCatalogueEvents(store, 60, 7, 20);
    const fx = new Fixtures(store);
    const fan = await fx.user('fan');
    await fx.emit(projectStream(ids[0]), [ProjectEdited({ changes: { slug: 'renamed-one', title: 'Renamed one' } })]);
    await fx.emit(followsStream(fan), [ProjectFollowed({ user_id: fan, project_id: ids[1] })]);
    await fx.emit(projectStream(ids[2]), [ProjectDeleted({ project_id: ids[2] })]);
    const head = await store.headPosition();
    expect(await live.waitForPosition(head, 30_000)).toBe(true);

    const storage = new SqliteProjectionStorage(path);
    const windows: boolean[] = [];
    const caches: number[] = [];
    const walLimits: number[] = [];
    const catchingUp = storage.catchingUp.bind(storage);
    storage.catchingUp = (behind) => {
      windows.push(behind);
      catchingUp(behind);
    };
    const commit = storage.commit.bind(storage);
    storage.commit = async (docs, search, position) => {
      caches.push(storage.cacheSizeKiB());
      walLimits.push(storage.walAutocheckpointPages());
      await commit(docs, search, position);
    };
    const behind = new ProjectionRunner(store, storage, { batchSize: 64, catchUpBatchSize: 200 });
    runners.push(behind);
    await behind.catchUp();
    expect(behind.lastBuild).toBeNull();
    expect(behind.checkpoint()).toBe(head);
    expect(caches).toHaveLength(Math.ceil((head - first) / 200));
    // inside the window: the catch-up's cache, and commits that leave the WAL unless it passes CATCH_UP_WAL_BYTES
    expect(caches.every((kib) => kib === CATCH_UP_CACHE_KIB)).toBe(true);
    expect(walLimits.every((pages) => pages === CATCH_UP_WAL_BYTES / (storage.db.pragma('page_size', { simple: true }) as number))).toBe(true);
    expect(windows).toEqual([true, false]);
    // after it: the serving cache and WAL limit
    expect(storage.cacheSizeKiB()).toBe(SERVING_CACHE_KIB);
    expect(storage.walAutocheckpointPages()).toBe(SERVING_WAL_PAGES);

    const { documents, differences } = await projectionDifferences(live.storage, storage);
    expect(differences).toEqual([]);
    expect(documents).toBeGreaterThan(200);
  });

  it("a catch-up whose catchingUp window fails to commit goes on from the storage's checkpoint, and projects the window again", async () => {
    writeCatalogueEvents(store, 20);
    const storage = new SqliteProjectionStorage(join(dir, 'window.sqlite'));
    // a deferred foreign key broken inside the window makes its COMMIT fail
    storage.db.exec('CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)');
    storage.db.pragma('foreign_keys = ON');
    let armed = false;
    const breaker: Projector = async () => {
      if (armed) storage.db.exec('INSERT INTO child (parent) VALUES (7)');
      armed = false;
    };
    const runner = new ProjectionRunner(store, storage, { batchSize: 8, catchUpBatchSize: 40, projectors: [...PROJECTORS, breaker] });
    runners.push(runner);
    await runner.catchUp(30);
    expect(runner.checkpoint()).toBe(30);
    armed = true;
    await expect(runner.catchUp()).rejects.toThrow(/FOREIGN KEY/);
    expect(storage.checkpointSync()).toBe(30);
    expect(runner.checkpoint()).toBe(30);
    await runner.catchUp();
    const head = await store.headPosition();
    expect(storage.checkpointSync()).toBe(head);
    const live = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, 'whole.sqlite')), { batchSize: 64 });
    runners.push(live);
    await live.catchUp();
    expect((await compareStorages(live.storage, storage)).differences).toEqual([]);
  });
});
