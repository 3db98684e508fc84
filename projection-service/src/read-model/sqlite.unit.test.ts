import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openSqliteFile } from '@modshelf/events';
import { sha512Key } from './collections';
import { readModelContract, sampleProject, sampleUser, sampleVersion } from './contract';
import { SqliteReadModels } from './sqlite';
import { storedChange } from './stored-change';
import { SqliteCountsWorker } from './sqlite-counts-worker';

readModelContract('sqlite', async () => {
  const db = new Database(':memory:');
  return { store: new SqliteReadModels(db), cleanup: async () => void db.close() };
});

readModelContract('sqlite, writing the recent tables', async () => {
  const db = new Database(':memory:');
  return { store: new SqliteReadModels(db, 'read_models', { recent: true }), cleanup: async () => void db.close() };
});

/** A file's read models (WAL), counting on a worker thread as a serving storage's do. */
function countingOffThread(): { rm: SqliteReadModels; db: Database.Database; cleanup: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'rm-counts-'));
  const db = openSqliteFile(join(dir, 'rm.db'));
  const rm = new SqliteReadModels(db, 'projections', { recent: true, countsOffThread: true });
  return { rm, db, cleanup: async () => (await rm.close(), rmSync(dir, { recursive: true, force: true })) };
}

readModelContract('sqlite, a file counting on a worker thread', async () => {
  const { rm, cleanup } = countingOffThread();
  return { store: rm, cleanup };
});

/** Recent tables folded one row of each after every commit: the documents and keys are spread over both tables. */
class FoldingReadModels extends SqliteReadModels {
  override async commit(changes: Parameters<SqliteReadModels['commit']>[0], position: number): Promise<void> {
    await super.commit(changes, position);
    this.db.transaction(() => this.foldSync(1))();
  }
}

readModelContract('sqlite, folding the recent tables a row a commit', async () => {
  const db = new Database(':memory:');
  return { store: new FoldingReadModels(db, 'read_models', { recent: true }), cleanup: async () => void db.close() };
});

describe('SqliteReadModels key table', () => {
  it('stores hex keys as their bytes and other keys as text, each index under its number', async () => {
    const db = new Database(':memory:');
    const rm = new SqliteReadModels(db);
    const hashes = { sha1: 'ab'.repeat(20), sha512: 'cd'.repeat(64) };
    await rm.commit(
      [
        { coll: 'versions', id: 'V0000001', doc: sampleVersion('V0000001', 'P0000001', [hashes]) },
        { coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Alice') },
      ],
      1,
    );
    const rows = db
      .prepare('SELECT i.coll, i.idx, typeof(k.key) AS type, length(k.key) AS bytes, k.id FROM rm_index_keys k JOIN rm_indexes i USING (ix) ORDER BY 1, 2')
      .all();
    expect(rows).toEqual([
      { coll: 'users', idx: 'username', type: 'text', bytes: 5, id: 'AAAAAAAA' },
      { coll: 'versions', idx: 'project', type: 'text', bytes: 8, id: 'V0000001' },
      { coll: 'versions', idx: 'sha1', type: 'blob', bytes: 20, id: 'V0000001' },
      { coll: 'versions', idx: 'sha512', type: 'blob', bytes: 16, id: 'V0000001' },
    ]);
    expect(await rm.findIds('versions', 'sha512', sha512Key(hashes.sha512))).toEqual(['V0000001']);
    expect(await rm.findIds('versions', 'nosuchindex', 'x')).toEqual([]);
    db.close();
  });

  it('keeps the index numbers a file has, and numbers the indexes it lacks', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE rm_indexes (ix INTEGER PRIMARY KEY, coll TEXT NOT NULL, idx TEXT NOT NULL, UNIQUE (coll, idx))');
    db.exec("INSERT INTO rm_indexes (ix, coll, idx) VALUES (40, 'users', 'username')");
    const rm = new SqliteReadModels(db);
    await rm.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Alice') }], 1);
    expect(db.prepare('SELECT ix FROM rm_index_keys').pluck().all()).toEqual([40]);
    expect(db.prepare("SELECT count(*) FROM rm_indexes WHERE NOT (coll = 'users' AND idx = 'username')").pluck().get()).toBeGreaterThan(10);
    const again = new SqliteReadModels(db);
    expect(await again.findIds('users', 'username', 'alice')).toEqual(['AAAAAAAA']);
    db.close();
  });

  it('fills an index a file lacks from the documents it holds, in both tables, once', async () => {
    const db = new Database(':memory:');
    const queued = (id: string) => ({ ...sampleProject(id, id.toLowerCase(), ['AAAAAAAA']), status: 'processing' as const });
    await new SqliteReadModels(db).commit(
      [
        { coll: 'projects', id: 'P0000001', doc: queued('P0000001') },
        { coll: 'projects', id: 'P0000002', doc: sampleProject('P0000002', 'two', ['AAAAAAAA']) },
      ],
      1,
    );
    // the newer state of P0000002 is in the recent tables, over its main row
    await new SqliteReadModels(db, 'read_models', { recent: true }).commit([{ coll: 'projects', id: 'P0000002', doc: queued('P0000002') }], 2);
    // the file as code without the review index wrote it
    const review = "(SELECT ix FROM rm_indexes WHERE coll = 'projects' AND idx = 'review')";
    db.exec(`DELETE FROM rm_index_keys WHERE ix = ${review}; DELETE FROM rm_index_keys_recent WHERE ix = ${review};`);
    db.exec("DELETE FROM rm_indexes WHERE coll = 'projects' AND idx = 'review'");
    const slugIndex = db.prepare("SELECT ix FROM rm_indexes WHERE coll = 'projects' AND idx = 'slug'").pluck().get();

    const rm = new SqliteReadModels(db, 'read_models', { recent: true });
    expect(await rm.findIds('projects', 'review', 'processing')).toEqual(['P0000001', 'P0000002']);
    expect(db.prepare("SELECT ix FROM rm_indexes WHERE coll = 'projects' AND idx = 'slug'").pluck().get()).toBe(slugIndex);
    // a later change takes the filled key away as it takes any other
    await rm.commit([{ coll: 'projects', id: 'P0000001', doc: sampleProject('P0000001', 'p0000001', ['AAAAAAAA']) }], 3);
    expect(await rm.findIds('projects', 'review', 'processing')).toEqual(['P0000002']);
    // numbered now: opening again fills nothing more
    const rows = db.prepare('SELECT count(*) FROM rm_index_keys').pluck().get();
    new SqliteReadModels(db);
    expect(db.prepare('SELECT count(*) FROM rm_index_keys').pluck().get()).toBe(rows);
    db.close();
  });
});

describe('SqliteReadModels commit', () => {
  it('serializes each document as it writes it: one that cannot be fails the commit, and nothing of the batch is written', async () => {
    const db = new Database(':memory:');
    const rm = new SqliteReadModels(db);
    // written first (ids in order), then a document JSON cannot hold
    const unserializable = { ...sampleUser('BBBBBBBB', 'Bob'), joined: 1n };
    await expect(
      rm.commit(
        [
          { coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Alice') },
          { coll: 'users', id: 'BBBBBBBB', doc: unserializable as never },
        ],
        1,
      ),
    ).rejects.toThrow(/BigInt/);
    expect(rm.getSync('users', 'AAAAAAAA')).toBeNull();
    expect(await rm.checkpoint()).toBe(0);
    db.close();
  });
});

describe('SqliteReadModels recent tables', () => {
  const scanned = async (rm: SqliteReadModels) => {
    const out: Array<[string, { username: string }]> = [];
    for await (const row of rm.scan('users')) out.push(row);
    return out;
  };
  const rows = (db: Database.Database, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

  it('writes documents and keys to the recent tables, and a fold moves them into the main ones in steps without changing an answer', async () => {
    const db = new Database(':memory:');
    const rm = new SqliteReadModels(db, 'read_models', { recent: true });
    const names = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin'];
    await rm.commit(
      names.map((n, i) => ({ coll: 'users' as const, id: `U000000${i}`, doc: sampleUser(`U000000${i}`, n) })),
      1,
    );
    expect([rows(db, 'rm_docs'), rows(db, 'rm_index_keys'), rows(db, 'rm_docs_recent'), rows(db, 'rm_index_keys_recent')]).toEqual([0, 0, 5, 5]);
    const answers = async () => ({
      bob: await rm.findIds('users', 'username', 'bob'),
      erin: await rm.get('users', 'U0000004'),
      count: await rm.count('users'),
      names: (await rm.counts({ documents: [], keys: [['users', 'username']] })).keys[0],
      scan: (await scanned(rm)).map(([id]) => id),
    });
    const before = await answers();
    expect(before.bob).toEqual(['U0000001']);
    expect(before.count).toBe(5);
    expect(before.names).toBe(5);

    // the first two in key order move; the rest stay
    expect(db.transaction(() => rm.foldSync(2))()).toBe(true);
    expect([rows(db, 'rm_docs'), rows(db, 'rm_index_keys'), rows(db, 'rm_docs_recent'), rows(db, 'rm_index_keys_recent')]).toEqual([2, 2, 3, 3]);
    expect(db.prepare('SELECT id FROM rm_docs ORDER BY id').pluck().all()).toEqual(['U0000000', 'U0000001']);
    expect(await answers()).toEqual(before);

    // an edit of a folded document is a recent row over the main one; a deletion leaves neither
    await rm.commit([{ coll: 'users', id: 'U0000001', doc: sampleUser('U0000001', 'Robert') }], 2);
    await rm.commit([{ coll: 'users', id: 'U0000000', doc: null }], 3);
    expect(await rm.findIds('users', 'username', 'bob')).toEqual([]);
    expect(await rm.findIds('users', 'username', 'robert')).toEqual(['U0000001']);
    expect((await rm.get('users', 'U0000001'))?.username).toBe('Robert');
    expect(await rm.get('users', 'U0000000')).toBeNull();
    expect(await rm.count('users')).toBe(4);
    expect((await rm.counts({ documents: [], keys: [['users', 'username']] })).keys[0]).toBe(4);
    expect((await scanned(rm)).map(([id, d]) => `${id} ${d.username}`)).toEqual(['U0000001 Robert', 'U0000002 Carol', 'U0000003 Dave', 'U0000004 Erin']);

    // folded to the end: everything in the main tables, the same answers
    const edited = await answers();
    while (db.transaction(() => rm.foldSync(2))());
    expect([rows(db, 'rm_docs'), rows(db, 'rm_index_keys'), rows(db, 'rm_docs_recent'), rows(db, 'rm_index_keys_recent')]).toEqual([4, 4, 0, 0]);
    expect(await answers()).toEqual(edited);
    db.close();
  });

  it('is large once it has had minRows documents and the share of the main table', async () => {
    const db = new Database(':memory:');
    const main = new SqliteReadModels(db);
    await main.commit(
      Array.from({ length: 20 }, (_, i) => ({ coll: 'users' as const, id: `M${String(i).padStart(7, '0')}`, doc: sampleUser(`M${i}`, `main${i}`) })),
      1,
    );
    const rm = new SqliteReadModels(db, 'read_models', { recent: true });
    const add = (from: number, n: number) =>
      rm.commit(
        Array.from({ length: n }, (_, i) => ({
          coll: 'users' as const,
          id: `R${String(from + i).padStart(7, '0')}`,
          doc: sampleUser(`R${i}`, `recent${from + i}`),
        })),
        2,
      );
    await add(0, 3);
    expect(rm.recentIsLarge(3, 0.2)).toBe(false);
    await add(3, 1);
    expect(rm.recentIsLarge(3, 0.2)).toBe(true);
    expect(rm.recentIsLarge(5, 0.2)).toBe(false);
    db.close();
  });
});

describe('SqliteReadModels counts on a worker thread', () => {
  const USERS = { documents: ['users'], keys: [['users', 'username']] } as const;
  const users = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({
      coll: 'users' as const,
      id: `U${String(from + i).padStart(7, '0')}`,
      doc: sampleUser(`U${from + i}`, `user${from + i}`),
    }));

  it('counts with a connection of its own, and here what this connection holds uncommitted at a later checkpoint', async () => {
    const { rm, db, cleanup } = countingOffThread();
    try {
      await rm.commit(users(3), 1);
      expect(await rm.counts(USERS)).toEqual({ position: 1, documents: [3], keys: [3] });
      db.exec('BEGIN IMMEDIATE');
      try {
        // a row not committed, the checkpoint where it was: the worker's connection does not see it (this one would)
        rm.applyStoredSync(users(1, 3).map(storedChange));
        expect(rm.countsSync(USERS)).toEqual({ position: 1, documents: [4], keys: [4] });
        expect(await rm.counts(USERS)).toEqual({ position: 1, documents: [3], keys: [3] });
        // the checkpoint moved in the same transaction (a storage's catching-up window): counted on this connection
        rm.setCheckpointSync(2);
        expect(await rm.counts(USERS)).toEqual({ position: 2, documents: [4], keys: [4] });
      } finally {
        db.exec('ROLLBACK');
      }
      expect(await rm.counts(USERS)).toEqual({ position: 1, documents: [3], keys: [3] });
    } finally {
      await cleanup();
    }
  });

  it('stops its worker once it has had nothing to count for idleMs, and starts one for the next count', async () => {
    const { rm, db, cleanup } = countingOffThread();
    const worker = new SqliteCountsWorker(db.name, 'projections', 20);
    try {
      await rm.commit(users(2), 1);
      expect(worker.running).toBe(false);
      expect((await worker.counts(USERS)).documents).toEqual([2]);
      expect(worker.running).toBe(true);
      await vi.waitFor(() => expect(worker.running).toBe(false), { timeout: 10_000 });
      expect((await worker.counts(USERS)).documents).toEqual([2]);
    } finally {
      await worker.close();
      await cleanup();
    }
  });

  it('starts a worker again after one stopped', async () => {
    const { rm, db, cleanup } = countingOffThread();
    const worker = new SqliteCountsWorker(db.name, 'projections');
    try {
      await rm.commit(users(2), 1);
      expect(await worker.counts(USERS)).toEqual({ position: 1, documents: [2], keys: [2] });
      await worker.close();
      await rm.commit(users(1, 2), 2);
      expect(await worker.counts(USERS)).toEqual({ position: 2, documents: [3], keys: [3] });
    } finally {
      await worker.close();
      await cleanup();
    }
  });
});
