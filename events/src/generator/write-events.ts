/**
 * Appends a generated catalogue straight to a SQLite log, as an import would (the benchmarks' way in: no
 * HTTP, no blobs). The events are validated by their schemas; the projections build everything else.
 */
import type Database from 'better-sqlite3';
import type { StreamAppend } from '../store/port';
import type { SqliteEventStore } from '../store/sqlite';
import { lookupProjection } from '../lookup/inline';
import { threadLookupProjection } from '../lookup/thread-lookup';
import { BulkLogWriter } from './bulk-log-writer';
import type { LogBatch, LogFollower } from './log-rows';
import { catalogueAppends } from './catalogue-appends';
import type { GeneratedIds } from './random-ids';

export interface WriteCatalogueOptions {
  /**
   * Writes the store's inline lookup tables (slugs, hashes, users, threads) with the events, as the command
   * side's appends write them; without, the log is one from before those tables (the first process to open
   * it builds them).
   */
  lookups?: boolean;
  /** 'bulk' (default): the generator's own bulk writer; 'store': the store's appendMany with its inline projections, as before it. */
  via?: 'bulk' | 'store';
  /** random ids unless given */
  ids?: GeneratedIds;
  /**
   * The appends a process manager of the site would have made for each transaction's events (bulk only): written
   * after them in the same transaction, so a site started over the log finds them made.
   */
  follow?: LogFollower;
  /** called after each transaction with the events written so far (a long write shows its progress) */
  onProgress?: (events: number) => void;
}

/** appends per transaction, by path */
const BATCH = { bulk: 5000, store: 2000 };
/** the page cache the generator's writes use (KiB): the log's indexes of random ids stay in memory while they grow */
const CACHE_KIB = 1 << 20;

/**
 * Writes `count` projects (numbered from `first`, so a second batch into the same log keeps slugs and
 * author names unique) with their authors (one per 50 projects, at least 10), versions, downloads and
 * some follows (catalogue-appends.ts). Answers how many events it wrote.
 */
export function writeCatalogueEvents(store: SqliteEventStore, count: number, seed = 42, first = 0, options: WriteCatalogueOptions = {}): { events: number } {
  const via = options.via ?? 'bulk';
  let write: (batch: StreamAppend[]) => number;
  if (via === 'bulk') {
    const writer = new BulkLogWriter(store, { lookups: options.lookups ?? false });
    write = (batch) => writer.write(batch, options.follow);
  } else {
    if (options.follow) throw new Error('follow takes the bulk writer');
    if (options.lookups) {
      // as the product writes its log: the lookup tables every append keeps in its transaction (the site reads them at start)
      store.addInlineProjection(lookupProjection());
      store.addInlineProjection(threadLookupProjection());
    }
    write = (batch) => {
      store.appendMany(batch);
      return batch.reduce((n, part) => n + part.events.length, 0);
    };
  }
  return bulkSession(store, via === 'bulk', () => {
    let events = 0;
    let batch: StreamAppend[] = [];
    for (const part of catalogueAppends(count, seed, first, options.ids)) {
      batch.push(part);
      if (batch.length >= BATCH[via]) {
        events += write(batch);
        batch = [];
        options.onProgress?.(events);
      }
    }
    if (batch.length) {
      events += write(batch);
      options.onProgress?.(events);
    }
    return { events };
  });
}

/**
 * Writes batches that LogRows made elsewhere (a worker thread generating the catalogue while this thread writes) with
 * the bulk writer, as writeCatalogueEvents writes its own: `batches` is given the log's head, after which its first
 * batch's rows go. Answers how many events it wrote.
 */
export async function writeLogBatches(
  store: SqliteEventStore,
  batches: (head: number) => AsyncIterable<LogBatch>,
  options: { lookups?: boolean; onProgress?: (events: number) => void } = {},
): Promise<{ events: number }> {
  const writer = new BulkLogWriter(store, { lookups: options.lookups ?? false });
  return bulkSession(store, true, async () => {
    let events = 0;
    for await (const batch of batches(writer.headPosition())) {
      events += writer.writeBatch(batch);
      options.onProgress?.(events);
    }
    return { events };
  });
}

/**
 * Runs `write` with the generator's page cache and, alone in a fresh file, in one transaction (`outer`): the index
 * pages every batch touches are written at the end (or when the page cache spills) instead of at each batch's commit.
 */
function bulkSession<T>(store: SqliteEventStore, outer: boolean, write: () => T): T {
  const cacheBefore = store.db.pragma('cache_size', { simple: true }) as number;
  store.db.pragma(`cache_size = -${CACHE_KIB}`);
  const restore = writingAlone(store);
  const inOuter = restore !== null && outer;
  const end = (ok: boolean) => {
    if (inOuter && store.db.inTransaction) store.db.exec(ok ? 'COMMIT' : 'ROLLBACK');
    restore?.();
    store.db.pragma(`cache_size = ${cacheBefore}`);
  };
  if (inOuter) store.db.exec('BEGIN IMMEDIATE');
  let result: T;
  try {
    result = write();
  } catch (err) {
    end(false);
    throw err;
  }
  if (!(result instanceof Promise)) {
    end(true);
    return result;
  }
  return result.then(
    (value) => {
      end(true);
      return value;
    },
    (err: unknown) => {
      end(false);
      throw err;
    },
  ) as T;
}

/**
 * For a log with no event yet, that no other connection has open: a rollback journal kept in memory and no
 * fsync while the generator writes (each page is written once, to the file, instead of to the WAL and again
 * by its checkpoints). A crash leaves a half-written file, which held nothing before. Answers what puts the
 * file's journal mode (WAL), synchronous setting and indexes back; null when it is not alone in a fresh log.
 */
function writingAlone(store: SqliteEventStore): (() => void) | null {
  const db = store.db;
  const empty = db.prepare('SELECT 1 FROM events LIMIT 1').get() === undefined;
  const journal = db.pragma('journal_mode', { simple: true }) as string;
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  if (!empty || journal !== 'wal') return null;
  // the switch out of WAL needs the only connection to the file: with another one open, it stays WAL
  if (!switchJournal(db, 'MEMORY')) return null;
  db.pragma('synchronous = OFF');
  // the secondary indexes (the lookup tables') are built once at the end, from sorted keys, instead of row by row
  const indexes = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all();
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
  return () => {
    for (const { sql } of indexes) db.exec(sql);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
  };
}

/** Sets the journal mode without waiting for other connections: false when one holds the file (SQLITE_BUSY) or the mode stayed. */
function switchJournal(db: Database.Database, mode: 'MEMORY'): boolean {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return db.pragma(`journal_mode = ${mode}`, { simple: true }) === mode.toLowerCase();
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'SQLITE_BUSY') return false;
    throw err;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}
