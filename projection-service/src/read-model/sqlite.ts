import type Database from 'better-sqlite3';
import { indexKeys } from './collections';
import { COLLECTIONS, type CollectionName, type Documents } from './documents';
import type { DocChange, ReadModelStore } from './port';
import { MultiRowStatement } from './sqlite-multirow';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_docs (coll TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (coll, id));
CREATE TABLE IF NOT EXISTS rm_keys (coll TEXT NOT NULL, idx TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (coll, idx, key, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
DROP INDEX IF EXISTS rm_keys_by_doc;
`;

/**
 * Read models in SQLite: one JSON document per (collection, id) plus a key table
 * for the secondary indexes. Sync methods are used by the combined storage so the
 * documents, the search index and the checkpoint go in one transaction.
 */
export class SqliteReadModels implements ReadModelStore {
  private readonly s;
  private readonly commitTx;
  /** the writes of applySync, many rows a statement */
  private readonly w;

  constructor(
    readonly db: Database.Database,
    private readonly checkpointName = 'read_models',
  ) {
    db.exec(SCHEMA);
    this.s = {
      get: db.prepare<[string, string], string>('SELECT body FROM rm_docs WHERE coll = ? AND id = ?').pluck(),
      del: db.prepare('DELETE FROM rm_docs WHERE coll = ? AND id = ?'),
      delKey: db.prepare('DELETE FROM rm_keys WHERE coll = ? AND idx = ? AND key = ? AND id = ?'),
      find: db.prepare<[string, string, string], string>('SELECT id FROM rm_keys WHERE coll = ? AND idx = ? AND key = ? ORDER BY id').pluck(),
      count: db.prepare<[string], number>('SELECT COUNT(*) FROM rm_docs WHERE coll = ?').pluck(),
      countKeys: db.prepare<[string, string], number>('SELECT COUNT(DISTINCT key) FROM rm_keys WHERE coll = ? AND idx = ?').pluck(),
      scan: db.prepare<[string], { id: string; body: string }>('SELECT id, body FROM rm_docs WHERE coll = ? ORDER BY id'),
      checkpoint: db.prepare<[string], number>('SELECT position FROM checkpoints WHERE name = ?').pluck(),
      setCheckpoint: db.prepare('INSERT OR REPLACE INTO checkpoints (name, position) VALUES (?, ?)'),
    };
    this.w = {
      put: new MultiRowStatement(db, 'INSERT INTO rm_docs (coll, id, body)', 3, 'ON CONFLICT (coll, id) DO UPDATE SET body = excluded.body'),
      putKey: new MultiRowStatement(db, 'INSERT OR IGNORE INTO rm_keys (coll, idx, key, id)', 4),
    };
    this.commitTx = db.transaction((changes: readonly DocChange[], position: number) => {
      this.applySync(changes);
      this.setCheckpointSync(position);
    });
  }

  getSync<C extends CollectionName>(coll: C, id: string): Documents[C] | null {
    const body = this.s.get.get(coll, id);
    return body === undefined ? null : (JSON.parse(body) as Documents[C]);
  }

  findIdsSync(coll: CollectionName, index: string, key: string): string[] {
    return this.s.find.all(coll, index, key);
  }

  /**
   * Writes documents and their index keys; call inside a transaction. Key rows are
   * deleted and inserted in key order, which keeps the B-tree work local; documents and
   * key rows are inserted many rows a statement.
   */
  applySync(changes: readonly DocChange[]): void {
    const dels: Array<[string, string, string, string]> = [];
    const puts: Array<[string, string, string, string]> = [];
    const docs: Array<[string, string, string]> = [];
    for (const c of changes) {
      if (c.doc !== null && c.keysUnchanged) {
        docs.push([c.coll, c.id, JSON.stringify(c.doc)]);
        continue;
      }
      if (!c.isNew) {
        let old = c.oldKeys;
        if (!old) {
          const prev = this.getSync(c.coll, c.id);
          old = prev ? indexKeys(c.coll, prev as never) : [];
        }
        for (const [idx, key] of old) dels.push([c.coll, idx, key, c.id]);
      }
      if (c.doc === null) {
        this.s.del.run(c.coll, c.id);
        continue;
      }
      docs.push([c.coll, c.id, JSON.stringify(c.doc)]);
      for (const [idx, key] of c.keys ?? indexKeys(c.coll, c.doc as never)) puts.push([c.coll, idx, key, c.id]);
    }
    const order = (a: string[], b: string[]) =>
      a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0;
    dels.sort(order);
    puts.sort(order);
    // documents in (coll, id) order too: the unique index's B-tree is written in one pass (a stable sort keeps a repeated id's order)
    docs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    this.w.put.run(docs);
    for (const d of dels) this.s.delKey.run(d[0], d[1], d[2], d[3]);
    this.w.putKey.run(puts);
  }

  checkpointSync(): number {
    return this.s.checkpoint.get(this.checkpointName) ?? 0;
  }

  setCheckpointSync(position: number): void {
    this.s.setCheckpoint.run(this.checkpointName, position);
  }

  resetSync(): void {
    this.db.exec('DELETE FROM rm_docs; DELETE FROM rm_keys;');
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
    return this.s.count.get(coll) ?? 0;
  }

  async countKeys(coll: CollectionName, index: string): Promise<number> {
    return this.s.countKeys.get(coll, index) ?? 0;
  }

  async *scan<C extends CollectionName>(coll: C): AsyncIterable<[string, Documents[C]]> {
    for (const row of this.s.scan.iterate(coll)) yield [row.id, JSON.parse(row.body) as Documents[C]];
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
    if (this.db.open) this.db.close();
  }
}

export { COLLECTIONS };
