import type Database from 'better-sqlite3';
import { INDEXES, indexKeys } from './collections';
import { COLLECTIONS, type CollectionName, type Documents } from './documents';
import type { Counts, CountsQuery, DocChange, ReadModelStore } from './port';
import { SqliteCounts } from './sqlite-counts';
import { SqliteCountsWorker } from './sqlite-counts-worker';
import { groupSorted, MultiRowStatement } from './sqlite-multirow';
import { DOC_CHANGE, STORED_CHANGE, type ChangeForm, type StoredChange } from './stored-change';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_docs (coll TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (coll, id));
CREATE TABLE IF NOT EXISTS rm_indexes (ix INTEGER PRIMARY KEY, coll TEXT NOT NULL, idx TEXT NOT NULL, UNIQUE (coll, idx));
CREATE TABLE IF NOT EXISTS rm_index_keys (ix INTEGER NOT NULL, key NOT NULL, id TEXT NOT NULL, PRIMARY KEY (ix, key, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rm_docs_recent (coll TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (coll, id));
CREATE TABLE IF NOT EXISTS rm_index_keys_recent (ix INTEGER NOT NULL, key NOT NULL, id TEXT NOT NULL, PRIMARY KEY (ix, key, id)) WITHOUT ROWID;
DROP TABLE IF EXISTS rm_keys;
`;

/** A key of 16 or more lowercase hex digits, an even number of them (file hashes). */
const HEX_KEY = /^(?:[0-9a-f]{2}){8,}$/;

/**
 * The stored form of an index key: a hex key as its bytes (a BLOB, half the size), any other key as it is. One key has
 * one stored form, and a BLOB never equals a TEXT, so lookups and distinct counts answer as on the keys themselves.
 * A live catch-up's keys of new files, projects and users go to random places of the key table, so nearly every leaf of
 * it is rewritten: its size is what such a catch-up writes. With index numbers and hex keys as bytes (layout 5) against
 * collection and index names and hex text (layout 4), measured on the bench logs: the key table of the 100k build 3,142
 * leaf pages instead of 5,293; the 1M live catch-up (136,370 events, five pairs alternated, load 2.4-5.2) 1.85-1.89 GB
 * written instead of 2.48-2.85, 9.99-11.80 CPU-s instead of 10.93-13.41 (lower in every pair, system time 2.4-2.9 s
 * instead of 3.4-4.2), 6.7k-12.9k events/s instead of 5.7k-9.8k (wall, each pair faster), peak RSS 1.47-1.66 GB instead
 * of 1.63-1.84; the 100k one (three pairs) 93 MB written instead of 126, 1.07-1.14 CPU-s against 1.12-1.17.
 */
export const storedKey = (key: string): string | Buffer => (key.length >= 16 && HEX_KEY.test(key) ? Buffer.from(key, 'hex') : key);

/**
 * When a serving storage folds its recent tables into the main ones (SqliteReadModels.recentIsLarge, foldSync): once they have
 * had a tenth of the main table's documents (and 50,000 at least), `stepRows` rows of each table a step, a step after a commit
 * at most every `everyMs`. Folding the 1M live catch-up's rows (bench/live-catch-up.ts, LIVE_FOLD) took 309 steps of 1,000 rows,
 * the longest 21 ms without a WAL checkpoint in it (4,000 rows: 78 steps, up to 260 ms with one). Commits at 50 a second while
 * the tables fold (LIVE_PACED, 1M): with a step after every commit, p50 4.5 ms and p99 20.8 ms; with a step at most every 50 ms,
 * p50 0.54-0.62 ms and p99 11.8-17.4 ms (three runs), the fold done within the 10 s; without a fold, 0.35 and 0.98 ms. `everyMs`
 * also bounds the share of a busy site's event loop that a fold takes.
 */
export const RECENT_FOLD = { minRows: 50_000, share: 0.1, stepRows: 1_000, everyMs: 50 };

/**
 * Read models in SQLite: one JSON document per (collection, id) plus a key table for the secondary indexes
 * (rm_index_keys: each collection's index as its number in rm_indexes, the key in its stored form, the document id; the
 * key table of layout 4 and before, rm_keys, is dropped). Sync methods are used by the combined storage so the
 * documents, the search index and the checkpoint go in one transaction.
 *
 * Each table has a recent twin (rm_docs_recent, rm_index_keys_recent) that a serving storage writes, and that is folded
 * into the main table in key order once it is a tenth of its size (RECENT_FOLD). Document ids and keys are random, so
 * new rows land all over a B-tree: at 100k, the 2% of new documents of a live catch-up rewrote 3,079 of the key table's
 * 3,206 pages and 1,406 of the 1,432 pages of the documents' (coll, id) index (16 KiB each, 103 MB in all). Into the
 * recent tables the same catch-up wrote 66 and 29 such pages (31 MB in all, most of it the documents themselves); a fold
 * later writes each main page about once for a tenth of new rows instead of once for every catch-up.
 */
export class SqliteReadModels implements ReadModelStore {
  private readonly s;
  private readonly commitTx;
  /** the writes of applySync, many rows a statement */
  private readonly w;
  /** each index's number in rm_indexes, by collection and index name */
  private readonly ix = new Map<string, Map<string, number>>();
  /** the counts: on this connection, or on a worker thread (option countsOffThread) */
  private readonly counting: SqliteCounts;

  /**
   * `recent`: writes go to the small recent tables (rm_docs_recent, rm_index_keys_recent), which foldSync moves into the
   * main ones in key order (a serving storage's); else straight to the main tables (a bulk build's, and the default).
   * Reads see both either way: a recent row stands over the main one of the same document.
   * `countsOffThread`: counts() runs on a worker thread with a connection of its own (SqliteCountsWorker), for the read
   * models of a file (a serving storage's); else on this connection.
   */
  constructor(
    readonly db: Database.Database,
    private readonly checkpointName = 'read_models',
    options: { recent?: boolean; countsOffThread?: boolean } = {},
  ) {
    db.exec(SCHEMA);
    this.numberIndexes();
    const docs = options.recent ? 'rm_docs_recent' : 'rm_docs';
    const keys = options.recent ? 'rm_index_keys_recent' : 'rm_index_keys';
    this.s = {
      get: db.prepare<[string, string], string>('SELECT body FROM rm_docs WHERE coll = ? AND id = ?').pluck(),
      getRecent: db.prepare<[string, string], string>('SELECT body FROM rm_docs_recent WHERE coll = ? AND id = ?').pluck(),
      del: db.prepare('DELETE FROM rm_docs WHERE coll = ? AND id = ?'),
      delRecent: db.prepare('DELETE FROM rm_docs_recent WHERE coll = ? AND id = ?'),
      delKey: db.prepare('DELETE FROM rm_index_keys WHERE ix = ? AND key = ? AND id = ?'),
      delKeyRecent: db.prepare('DELETE FROM rm_index_keys_recent WHERE ix = ? AND key = ? AND id = ?'),
      // both tables' ids, each once, in id order
      find: db
        .prepare<[number, string | Buffer, number, string | Buffer], string>(
          'SELECT id FROM rm_index_keys WHERE ix = ? AND key = ? UNION SELECT id FROM rm_index_keys_recent WHERE ix = ? AND key = ? ORDER BY id',
        )
        .pluck(),
      scan: db.prepare<[string], { id: string; body: string }>('SELECT id, body FROM rm_docs WHERE coll = ? ORDER BY id'),
      scanRecent: db.prepare<[string], { id: string; body: string }>('SELECT id, body FROM rm_docs_recent WHERE coll = ? ORDER BY id'),
      checkpoint: db.prepare<[string], number>('SELECT position FROM checkpoints WHERE name = ?').pluck(),
      // rows a table has had (its largest rowid): a lower bound of its size that costs one B-tree descent
      lastDoc: db.prepare<[], number | null>('SELECT MAX(rowid) FROM rm_docs').pluck(),
      lastRecentDoc: db.prepare<[], number | null>('SELECT MAX(rowid) FROM rm_docs_recent').pluck(),
      // fold: the recent tables' first rows in key order into the main ones, then out of the recent ones
      foldDocs: db.prepare(
        'INSERT INTO rm_docs (coll, id, body) SELECT coll, id, body FROM rm_docs_recent WHERE true ORDER BY coll, id LIMIT ? ON CONFLICT (coll, id) DO UPDATE SET body = excluded.body',
      ),
      dropFoldedDocs: db.prepare('DELETE FROM rm_docs_recent WHERE rowid IN (SELECT rowid FROM rm_docs_recent ORDER BY coll, id LIMIT ?)'),
      foldKeys: db.prepare('INSERT OR IGNORE INTO rm_index_keys (ix, key, id) SELECT ix, key, id FROM rm_index_keys_recent ORDER BY ix, key, id LIMIT ?'),
      dropFoldedKeys: db.prepare(
        'DELETE FROM rm_index_keys_recent WHERE (ix, key, id) IN (SELECT ix, key, id FROM rm_index_keys_recent ORDER BY ix, key, id LIMIT ?)',
      ),
      setCheckpoint: db.prepare('INSERT OR REPLACE INTO checkpoints (name, position) VALUES (?, ?)'),
    };
    this.w = {
      put: new MultiRowStatement(db, `INSERT INTO ${docs} (coll, id, body)`, 3, 'ON CONFLICT (coll, id) DO UPDATE SET body = excluded.body'),
      putKey: new MultiRowStatement(db, `INSERT OR IGNORE INTO ${keys} (ix, key, id)`, 3),
    };
    const at = { checkpoint: () => this.checkpointSync(), indexNumber: (coll: CollectionName, ix: string) => this.indexNumber(coll, ix) };
    this.counting = new SqliteCounts(db, at, options.countsOffThread && !db.memory ? new SqliteCountsWorker(db.name, checkpointName) : null);
    this.commitTx = db.transaction((changes: readonly DocChange[], position: number) => {
      this.applySync(changes);
      this.setCheckpointSync(position);
    });
  }

  /**
   * Numbers every index of collections.ts in rm_indexes (those of a file that has them keep their numbers), before any
   * write: a number given inside a transaction that rolls back would be gone from the file but not from this map.
   * An index that a file written before it lacks is filled from the documents the file holds, in the same transaction
   * (backfillIndex), so that its lookups answer for them as for the documents written after.
   */
  private numberIndexes(): void {
    const load = () => {
      for (const r of this.db.prepare<[], { ix: number; coll: string; idx: string }>('SELECT ix, coll, idx FROM rm_indexes').all()) {
        if (!this.ix.has(r.coll)) this.ix.set(r.coll, new Map());
        this.ix.get(r.coll)!.set(r.idx, r.ix);
      }
    };
    load();
    const missing = Object.entries(INDEXES).flatMap(([coll, defs]) =>
      Object.keys(defs)
        .filter((idx) => this.ix.get(coll)?.get(idx) === undefined)
        .map((idx) => [coll as CollectionName, idx] as const),
    );
    if (missing.length === 0) return;
    const add = this.db.prepare('INSERT OR IGNORE INTO rm_indexes (coll, idx) VALUES (?, ?)');
    this.db
      .transaction(() => {
        for (const [coll, idx] of missing) {
          // numbered here, or by another process that opened the file meanwhile (and filled it)
          if (add.run(coll, idx).changes === 1) this.backfillIndex(coll, idx);
        }
      })
      .immediate();
    load();
  }

  /**
   * Writes the keys of index `idx` (just numbered) for every document of `coll` the file holds, into the main key table
   * (a later change of a document deletes its keys from both key tables). Reads each document of the collection once, at
   * the first open by code that has the index: the projects' `review` index on the 100k bench log's projections, 1.5 s.
   */
  private backfillIndex(coll: CollectionName, idx: string): void {
    const ix = this.db.prepare<[string, string], number>('SELECT ix FROM rm_indexes WHERE coll = ? AND idx = ?').pluck().get(coll, idx)!;
    const scan = (table: string) => this.db.prepare<[string], { id: string; body: string }>(`SELECT id, body FROM ${table} WHERE coll = ? ORDER BY id`);
    // gathered first: the connection runs no other statement while the two scans are open
    const rows: Array<[number, string | Buffer, string]> = [];
    for (const [id, doc] of mergeById(scan('rm_docs').iterate(coll), scan('rm_docs_recent').iterate(coll))) {
      for (const [name, key] of indexKeys(coll, doc)) if (name === idx) rows.push([ix, storedKey(key), id]);
    }
    const put = this.db.prepare('INSERT OR IGNORE INTO rm_index_keys (ix, key, id) VALUES (?, ?, ?)');
    for (const row of rows) put.run(...row);
  }

  /** The number of a collection's index; undefined for a name collections.ts does not give. */
  private indexNumber(coll: string, index: string): number | undefined {
    return this.ix.get(coll)?.get(index);
  }

  private requireIndexNumber(coll: string, index: string): number {
    const n = this.indexNumber(coll, index);
    if (n === undefined) throw new Error(`read models: no index '${index}' on ${coll} (collections.ts INDEXES)`);
    return n;
  }

  getSync<C extends CollectionName>(coll: C, id: string): Documents[C] | null {
    const body = this.s.getRecent.get(coll, id) ?? this.s.get.get(coll, id);
    return body === undefined ? null : (JSON.parse(body) as Documents[C]);
  }

  findIdsSync(coll: CollectionName, index: string, key: string): string[] {
    const ix = this.indexNumber(coll, index);
    if (ix === undefined) return [];
    const k = storedKey(key);
    return this.s.find.all(ix, k, ix, k);
  }

  /** Writes documents and their index keys, each document serialized as it is written; call inside a transaction. */
  applySync(changes: readonly DocChange[]): void {
    this.applyChangesSync(changes, DOC_CHANGE);
  }

  /** Writes documents serialized already (on another thread) and their index keys; call inside a transaction. */
  applyStoredSync(changes: readonly StoredChange[]): void {
    this.applyChangesSync(changes, STORED_CHANGE);
  }

  /**
   * Key rows are deleted and inserted in key order, which keeps the B-tree work local; documents and key rows are inserted
   * many rows a statement.
   */
  private applyChangesSync<T extends Omit<DocChange, 'doc' | 'keys'>>(changes: readonly T[], form: ChangeForm<T>): void {
    // [index number, key, id, stored key]
    const dels: Array<[number, string, string, string | Buffer]> = [];
    const puts: Array<[number, string, string, string | Buffer]> = [];
    // [coll, id, the change] (its body made as its row is bound)
    const docs: Array<[string, string, T]> = [];
    for (const c of changes) {
      const deleted = form.deleted(c);
      if (!deleted && c.keysUnchanged) {
        docs.push([c.coll, c.id, c]);
        continue;
      }
      if (!c.isNew) {
        let old = c.oldKeys;
        if (!old) {
          const prev = this.getSync(c.coll, c.id);
          old = prev ? indexKeys(c.coll, prev as never) : [];
        }
        for (const [idx, key] of old) dels.push([this.requireIndexNumber(c.coll, idx), key, c.id, storedKey(key)]);
      }
      if (deleted) {
        this.s.del.run(c.coll, c.id);
        this.s.delRecent.run(c.coll, c.id);
        continue;
      }
      docs.push([c.coll, c.id, c]);
      for (const [idx, key] of form.keys(c)) puts.push([this.requireIndexNumber(c.coll, idx), key, c.id, storedKey(key)]);
    }
    // (a hex key's order is its bytes' order)
    const byKey = (a: (typeof puts)[number], b: (typeof puts)[number]) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
    // documents in (coll, id) order too: the unique index's B-tree is written in one pass (a stable sort keeps a repeated id's order)
    this.w.put.run(
      groupSorted(
        docs,
        (d) => d[0],
        (a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0),
      ),
      (d) => [d[0], d[1], form.body(d[2])],
    );
    for (const d of groupSorted(dels, (d) => d[0], byKey)) {
      this.s.delKey.run(d[0], d[3], d[2]);
      this.s.delKeyRecent.run(d[0], d[3], d[2]);
    }
    this.w.putKey.run(
      groupSorted(puts, (p) => p[0], byKey),
      (p) => [p[0], p[3], p[2]],
    );
  }

  /**
   * Whether the recent tables should be folded into the main ones: they have had at least `minRows` documents and at least
   * `share` of the main table's. Both counts are largest rowids, so a partly folded recent table still counts as large
   * (a fold, once started, goes on until the recent tables are empty).
   */
  recentIsLarge(minRows: number, share: number): boolean {
    const recent = this.s.lastRecentDoc.get() ?? 0;
    return recent >= minRows && recent >= share * (this.s.lastDoc.get() ?? 0);
  }

  /**
   * Moves the first `rows` documents and the first `rows` index keys of the recent tables, in key order, into the main
   * ones; call inside a transaction. Each step writes one run of neighbouring main pages. True while rows remain.
   */
  foldSync(rows: number): boolean {
    this.s.foldDocs.run(rows);
    const docs = this.s.dropFoldedDocs.run(rows).changes;
    this.s.foldKeys.run(rows);
    const keys = this.s.dropFoldedKeys.run(rows).changes;
    return docs === rows || keys === rows;
  }

  checkpointSync(): number {
    return this.s.checkpoint.get(this.checkpointName) ?? 0;
  }

  setCheckpointSync(position: number): void {
    this.s.setCheckpoint.run(this.checkpointName, position);
  }

  resetSync(): void {
    this.db.exec('DELETE FROM rm_docs; DELETE FROM rm_index_keys; DELETE FROM rm_docs_recent; DELETE FROM rm_index_keys_recent;');
    this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(this.checkpointName);
  }

  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    return this.getSync(coll, id);
  }

  async getMany<C extends CollectionName>(coll: C, ids: readonly string[]): Promise<Documents[C][]> {
    const out: Documents[C][] = [];
    for (const id of ids) {
      const d = this.getSync(coll, id);
      if (d) out.push(d);
    }
    return out;
  }

  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    return this.findIdsSync(coll, index, key);
  }

  async count(coll: CollectionName): Promise<number> {
    return this.counting.documents(coll);
  }

  /** The counts on this connection, in one read transaction. */
  countsSync(q: CountsQuery): Counts {
    return this.counting.read(q);
  }

  async counts(q: CountsQuery): Promise<Counts> {
    return this.counting.counts(q);
  }

  /** A collection's documents in id order: the two tables merged, a recent row over the main one of the same id. */
  async *scan<C extends CollectionName>(coll: C): AsyncIterable<[string, Documents[C]]> {
    const main = this.s.scan.iterate(coll);
    const recent = this.s.scanRecent.iterate(coll);
    try {
      yield* mergeById(main, recent);
    } finally {
      main.return?.();
      recent.return?.();
    }
  }

  async checkpoint(): Promise<number> {
    return this.checkpointSync();
  }

  async commit(changes: readonly DocChange[], position: number): Promise<void> {
    this.commitTx.immediate(changes, position);
  }

  async reset(): Promise<void> {
    this.resetSync();
  }

  async close(): Promise<void> {
    await this.counting.close();
    if (this.db.open) this.db.close();
  }
}

/** Rows of two id-ordered iterators in id order, each id once: the second's row where both have it. */
function* mergeById<C extends CollectionName>(
  main: Iterator<{ id: string; body: string }>,
  recent: Iterator<{ id: string; body: string }>,
): Generator<[string, Documents[C]]> {
  let m = main.next();
  let r = recent.next();
  while (!m.done || !r.done) {
    let row: { id: string; body: string };
    if (r.done || (!m.done && m.value.id < r.value.id)) {
      row = m.value;
      m = main.next();
    } else {
      if (!m.done && m.value.id === r.value.id) m = main.next();
      row = r.value;
      r = recent.next();
    }
    yield [row.id, JSON.parse(row.body) as Documents[C]];
  }
}

export { COLLECTIONS };
