/**
 * Writes generated stream appends straight into a SQLite log's tables, in big transactions with statements
 * prepared once: the rows the store's own appends (SqliteEventStore.appendMany) would write for new streams,
 * and, with `lookups`, the lookup tables and checkpoints its inline projections would keep, applied from the
 * events in memory instead of read back from the file. write-events.int.test.ts compares both paths row by row.
 */
import type Database from 'better-sqlite3';
import { NO_STREAM, type RecordedEvent } from '../envelope';
import { LOOKUP_EVENT_TYPES, lookupChanges } from '../lookup/changes';
import { lookupProjection } from '../lookup/inline';
import { LookupTables } from '../lookup/tables';
import { THREAD_LOOKUP_EVENT_TYPES, ThreadTables, threadLookupProjection } from '../lookup/thread-lookup';
import type { StreamAppend } from '../store/port';
import type { SqliteEventStore } from '../store/sqlite';

/** the inline projections' checkpoint names, as lookupProjection() and threadLookupProjection() name them */
const LOOKUPS = [lookupProjection().name, threadLookupProjection().name];

interface Lookups {
  catalogue: LookupTables;
  threads: ThreadTables;
  catalogueTypes: ReadonlySet<string>;
  threadTypes: ReadonlySet<string>;
}

/** The appends a process manager would make for events just written to the log (with their positions), in log order. */
export type LogFollower = (events: RecordedEvent[]) => StreamAppend[];

export class BulkLogWriter {
  private readonly db: Database.Database;
  private readonly insert;
  private readonly setCheckpoint;
  private readonly lookups: Lookups | null;
  private readonly tx;
  /** the revision of each stream this writer appended to under `follow` (only those may get more events) */
  private readonly revisions = new Map<string, number>();

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
    this.insert = this.db.prepare('INSERT INTO events (stream_id, revision, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    this.setCheckpoint = this.db.prepare(
      'INSERT INTO inline_checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    );
    this.lookups = options.lookups
      ? {
          catalogue: new LookupTables(this.db),
          threads: new ThreadTables(this.db),
          catalogueTypes: new Set(LOOKUP_EVENT_TYPES),
          threadTypes: new Set(THREAD_LOOKUP_EVENT_TYPES),
        }
      : null;
    this.tx = this.db.transaction((appends: StreamAppend[], follow?: LogFollower) => this.writeAll(appends, follow));
  }

  /**
   * Appends every part (each a new stream) in one transaction; answers how many events it wrote. With `follow`, the
   * appends it answers for the events just written (as a process manager following the log would make them) are
   * written after them in the same transaction; those may extend streams that earlier follow appends started.
   */
  write(appends: StreamAppend[], follow?: LogFollower): number {
    // inside the caller's transaction (writeCatalogueEvents' one for a fresh file), in it: no savepoint per batch
    return this.db.inTransaction ? this.writeAll(appends, follow) : this.tx.immediate(appends, follow);
  }

  private writeAll(appends: StreamAppend[], follow?: LogFollower): number {
    let position = 0;
    const recorded: RecordedEvent[] = [];
    const keep = this.lookups !== null || follow !== undefined;
    const writeParts = (parts: StreamAppend[], followed: boolean) => {
      let written = 0;
      for (const part of parts) {
        // a stream that exists already fails on UNIQUE (stream_id, revision), as the store's expected-revision check would
        let revision = followed ? (this.revisions.get(part.streamId) ?? NO_STREAM) : NO_STREAM;
        if (part.expected !== revision) throw new Error(`the bulk writer appends new streams, or follows its own (${part.streamId})`);
        for (const e of part.events) {
          revision++;
          position = Number(
            this.insert.run(part.streamId, revision, e.type, e.schemaVersion, JSON.stringify(e.data), JSON.stringify(e.metadata)).lastInsertRowid,
          );
          // a literal, in the spread's key order ({ ...e, streamId, revision, position }): cheaper than copying by spread
          if (keep)
            recorded.push({ type: e.type, schemaVersion: e.schemaVersion, data: e.data, metadata: e.metadata, streamId: part.streamId, revision, position });
          written++;
        }
        if (followed) this.revisions.set(part.streamId, revision);
      }
      return written;
    };
    let written = writeParts(appends, false);
    if (follow && written > 0) written += writeParts(follow(recorded.slice()), true);
    const l = this.lookups;
    if (l && written > 0) {
      // in the store's order: each projection over the transaction's events, then its checkpoint at the head
      for (const e of recorded) if (l.catalogueTypes.has(e.type)) l.catalogue.apply(lookupChanges(e));
      this.setCheckpoint.run(LOOKUPS[0], position);
      for (const e of recorded) if (l.threadTypes.has(e.type)) l.threads.apply(e);
      this.setCheckpoint.run(LOOKUPS[1], position);
    }
    return written;
  }
}
