import type Database from 'better-sqlite3';
import type { CollectionName } from './documents';
import type { Counts, CountsQuery } from './port';
import type { SqliteCountsWorker } from './sqlite-counts-worker';

/**
 * The read models' counts (SqliteReadModels' tables): a collection's documents and an index's distinct keys, each over the
 * main table and the recent rows it does not hold. counts() asks the worker when there is one (a serving storage's file),
 * else counts on this connection.
 */
export class SqliteCounts {
  private readonly documentsOf;
  private readonly keysOf;
  private readonly tx;

  constructor(
    db: Database.Database,
    private readonly at: { checkpoint: () => number; indexNumber: (coll: CollectionName, index: string) => number | undefined },
    private readonly worker: SqliteCountsWorker | null,
  ) {
    this.documentsOf = db
      .prepare<[string, string], number>(
        `SELECT (SELECT COUNT(*) FROM rm_docs WHERE coll = ?) +
           (SELECT COUNT(*) FROM rm_docs_recent r WHERE r.coll = ? AND NOT EXISTS (SELECT 1 FROM rm_docs m WHERE m.coll = r.coll AND m.id = r.id))`,
      )
      .pluck();
    this.keysOf = db
      .prepare<[number, number], number>(
        `SELECT (SELECT COUNT(DISTINCT key) FROM rm_index_keys WHERE ix = ?) +
           (SELECT COUNT(DISTINCT r.key) FROM rm_index_keys_recent r WHERE r.ix = ? AND NOT EXISTS (SELECT 1 FROM rm_index_keys m WHERE m.ix = r.ix AND m.key = r.key))`,
      )
      .pluck();
    const keys = (coll: CollectionName, index: string) => {
      const ix = at.indexNumber(coll, index);
      return ix === undefined ? 0 : (this.keysOf.get(ix, ix) ?? 0);
    };
    // one read transaction: the counts and the checkpoint of one snapshot (a savepoint inside a transaction already open)
    this.tx = db.transaction((q: CountsQuery): Counts => ({
      position: at.checkpoint(),
      documents: q.documents.map((coll) => this.documents(coll)),
      keys: q.keys.map(([coll, index]) => keys(coll, index)),
    }));
  }

  documents(coll: CollectionName): number {
    return this.documentsOf.get(coll, coll) ?? 0;
  }

  /** On this connection, in one read transaction. */
  read(q: CountsQuery): Counts {
    return this.tx.deferred(q);
  }

  /**
   * The worker's connection does not see what this one has written and not committed (a storage's catchingUp window):
   * counts of a checkpoint before this connection's are counted here instead.
   */
  async counts(q: CountsQuery): Promise<Counts> {
    if (!this.worker) return this.read(q);
    const own = this.at.checkpoint();
    const counted = await this.worker.counts(q);
    return counted.position !== null && counted.position >= own ? counted : this.read(q);
  }

  close(): Promise<void> {
    return this.worker?.close() ?? Promise.resolve();
  }
}
