/**
 * Writes generated stream appends straight into a SQLite log's tables, in big transactions with statements
 * prepared once: the rows the store's own appends (SqliteEventStore.appendMany) would write for new streams,
 * and, with `lookups`, the lookup tables and checkpoints its inline projections would keep, applied from the
 * events in memory instead of read back from the file. The rows and lookup changes come from LogRows (made here,
 * or on another thread and handed to writeBatch). bulk-log-writer.int.test.ts compares this path with the store's
 * row by row.
 */
import type Database from 'better-sqlite3';
import { lookupProjection } from '../lookup/inline';
import { LookupTables } from '../lookup/tables';
import { ThreadTables, threadLookupProjection } from '../lookup/thread-lookup';
import type { StreamAppend } from '../store/port';
import type { SqliteEventStore } from '../store/sqlite';
import { LOG_ROW_INSERT, LogRows, type LogBatch, type LogFollower } from './log-rows';

/** the inline projections' checkpoint names, as lookupProjection() and threadLookupProjection() name them */
const LOOKUPS = [lookupProjection().name, threadLookupProjection().name];

export class BulkLogWriter {
  private readonly db: Database.Database;
  private readonly insert;
  private readonly setCheckpoint;
  private readonly head;
  private readonly lookups: { catalogue: LookupTables; threads: ThreadTables } | null;
  /** runs a write in a transaction of its own, IMMEDIATE */
  private readonly tx;
  /** the rows of write()'s appends */
  private readonly rows: LogRows;

  /**
   * A writer for new streams only. With `lookups`, the store gets the lookup projections installed (as the
   * command side's store has them), and they must be the only inline projections the file holds.
   */
  constructor(store: SqliteEventStore, options: { lookups: boolean }) {
    this.db = store.db;
    if (options.lookups) {
      store.addInlineProjection(lookupProjection());
      store.addInlineProjection(threadLookupProjection());
    }
    const others = this.db
      .prepare<[], string>('SELECT name FROM inline_checkpoints')
      .pluck()
      .all()
      .filter((name) => !options.lookups || !LOOKUPS.includes(name));
    if (others.length) throw new Error(`the log keeps inline projections the bulk writer does not write: ${others.join(', ')}`);
    this.insert = this.db.prepare(LOG_ROW_INSERT);
    this.setCheckpoint = this.db.prepare(
      'INSERT INTO inline_checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    );
    // the position before the next row's: AUTOINCREMENT numbers after both the sequence and the last row
    this.head = this.db
      .prepare<[], number>("SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0), coalesce((SELECT max(position) FROM events), 0))")
      .pluck();
    this.lookups = options.lookups ? { catalogue: new LookupTables(this.db), threads: new ThreadTables(this.db) } : null;
    this.rows = new LogRows(options.lookups);
    this.tx = this.db.transaction((write: () => number) => write());
  }

  /** The log's head now: the first row a LogRows made for this writer's next batch gets the position after it. */
  headPosition(): number {
    return this.head.get() ?? 0;
  }

  /**
   * Appends every part (each a new stream) in one transaction; answers how many events it wrote. With `follow`, the
   * appends it answers for the events just written (as a process manager following the log would make them) are
   * written after them in the same transaction; those may extend streams that earlier follow appends started.
   */
  write(appends: StreamAppend[], follow?: LogFollower): number {
    // the head is read in the transaction, so the rows are numbered after whatever the log holds by then
    return this.inTransaction(() => this.writeRows(this.rows.batch(appends, follow, this.headPosition())));
  }

  /**
   * Writes a batch that a LogRows made (here or on another thread) in one transaction; answers how many events it wrote.
   * Throws when the log gave a row another position than the batch's (the log moved since it was made).
   */
  writeBatch(batch: LogBatch): number {
    return this.inTransaction(() => this.writeRows(batch));
  }

  /** Runs `write` inside the caller's transaction (writeCatalogueEvents' one for a fresh file: no savepoint per batch), else in one of its own. */
  private inTransaction(write: () => number): number {
    return this.db.inTransaction ? write() : this.tx.immediate(write);
  }

  private writeRows(batch: LogBatch): number {
    let position = batch.first;
    for (const row of batch.rows) {
      const given = Number(this.insert.run(...row).lastInsertRowid);
      if (given !== position) throw new Error(`the log gave position ${given} to a row made for ${position}: it moved while the batch was made`);
      position++;
    }
    const l = this.lookups;
    if (l && batch.rows.length > 0) {
      // in the store's order: each projection over the transaction's events, then its checkpoint at the head
      l.catalogue.apply(batch.catalogue);
      this.setCheckpoint.run(LOOKUPS[0], position - 1);
      l.threads.applyChanges(batch.threads);
      this.setCheckpoint.run(LOOKUPS[1], position - 1);
    }
    return batch.rows.length;
  }
}
