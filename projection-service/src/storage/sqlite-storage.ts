import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { DocChange } from '../read-model/port';
import { RECENT_FOLD, SqliteReadModels } from '../read-model/sqlite';
import type { StoredChange } from '../read-model/stored-change';
import type { SearchChange } from '../search/port';
import { SqliteSearchIndex } from '../search/sqlite-search';
import { SNAPSHOT_EVERY, type SnapshotPolicy } from '../search/snapshot-log';
import type { ProjectionStorage, WorkerCatchUp } from './port';
import { openSqliteFile, WalCheckpointer } from '@modshelf/events';

export const PROJECTIONS_FILE = 'projections.sqlite';
/**
 * Layout version of the projections file. A file written by another version is
 * emptied on open, so the runner rebuilds it from the log (projections are disposable).
 * 4: the threads collection (moderation, comment and report threads of existing projects and reports).
 * 5: the index keys in rm_index_keys (index numbers, hex keys as bytes: read-model/sqlite.ts) instead of rm_keys.
 * 6: the read models' recent tables (rm_docs_recent, rm_index_keys_recent: read-model/sqlite.ts), which code of layout 5
 * would not read. A layout 5 file is a layout 6 one with empty recent tables: it is kept.
 */
export const PROJECTIONS_SCHEMA = 6;
const KEPT_LAYOUTS: readonly number[] = [5];
export const projectionsPath = (dataDir: string) => join(dataDir, PROJECTIONS_FILE);
/** SQLite page caches (KiB): a bulk build's; a serving storage's. */
export const BULK_CACHE_KIB = 262_144;
export const SERVING_CACHE_KIB = 16_384;
/**
 * While a serving storage catches up a long lag (catchingUp): the page cache (KiB), and the WAL size (bytes) a commit may
 * leave before it checkpoints (catchingUp checkpoints it once when the catch-up ends). A catch-up's pages of new projects
 * insert keys at random places of the large indexes (ids, slugs, file hashes), so each commit rewrites most of their pages:
 * checkpointing after each commit copied them into the file again and again, and a smaller cache re-read them. Measured on the
 * 1M bench log's live catch-up (136k events, 7 commits; load 3-10): 10.2 GB written and 9.0 GB read with the serving WAL
 * limit and a 256 MiB cache; 7.0 GB written and 2.6 GB read with these (5.6 GB written with the statement journals in memory
 * below; 5.8 GB read with a 256 MiB cache). Wall time (noisy here): 24-31 s before, 18-27 s after.
 */
export const CATCH_UP_CACHE_KIB = 1_048_576;
export const CATCH_UP_WAL_BYTES = 4 * 1024 ** 3;
/**
 * Document changes a catchingUp window's transaction holds before it commits and opens the next one. Inside the window,
 * each commit() writes into one transaction, so a page rewritten by several commits goes to the WAL once per window
 * rather than once per commit; a commit that fails rolls back the whole window. Measured on the 1M bench log's live
 * catch-up (136k events, 7 pages), alternated with the code before the window: 5.70-5.74 GB written before, 2.62-2.73 GB
 * with it (every run). With a savepoint per commit inside the window (load 2.5-6.5): CPU seconds within the noise (15.7-19.8
 * before, 15.5-19.2 after) and the peak RSS 2.40 GB against 1.83 GB. Without (as here; load 1.9-2.5, two pairs): 24.0 and
 * 24.1 CPU-s before, 20.2 and 17.0 after (system time 9.9-11.4 s before, 6.2-7.2 s after), peak RSS 1.74-1.83 GB both.
 */
export const CATCH_UP_WINDOW_CHANGES = 1_000_000;
/**
 * A bulk target's catchingUp window holds the whole catch-up (a build from the log): one transaction, so a page that batch after
 * batch changes (an index's, the FTS5 table's) is written to the file once, or when the page cache spills it, instead of at every
 * commit. Its rollback journal (in memory) keeps only the pages the file held when the window opened: none for a fresh file.
 * A crash loses the whole build (a bulk target is thrown away then anyway). Measured on the 100k bench log's build (681,647 events),
 * alternated with the code before it, together with RebuildReads' Bloom filters (3 pairs, load 2.0-2.8): 32.1-33.9 CPU-s before,
 * 30.2-31.6 after (system time 2.9 s before, 1.9-2.3 s after); peak RSS 1.17-1.26 GB before, 0.96-1.01 GB after.
 * While the window is open its page cache is the catch-up's (CATCH_UP_CACHE_KIB), so the pages it changed stay in memory until it
 * commits instead of being spilled to the file and read back. The 1M bench log's build (6.82M events), one run each, one after the
 * other (load 1.2-1.4): 532.9 CPU-s (100.2 s system), 494 s, peak RSS 1.79 GB with BULK_CACHE_KIB; 449.0 CPU-s (26.1 s system),
 * 405 s, peak RSS 2.63 GB with it. At 100k (the file fits either cache), 3 pairs alternated: CPU-s within the noise (35.9-37.8 either
 * way), peak RSS 1.03 GB with BULK_CACHE_KIB, 1.35-1.49 GB with it.
 */
export const BULK_WINDOW_CHANGES = Number.POSITIVE_INFINITY;
/** WAL pages after which a serving storage's commit checkpoints; the WAL file is cut back to that size when it restarts. */
export const SERVING_WAL_PAGES = 8000;
/**
 * Page size of a file a bulk build creates (SQLite's default is 4096; it is fixed once the file holds a table, and a WAL file
 * cannot change it, so only bulk targets get it; a site then serves the file with them). Measured on the 100k bench log (load 3-7):
 * the build 37.6-38.6 CPU-s instead of 40.5-43.1, the live catch-up of the next 13.6k events into the built file 1.27-1.30 CPU-s
 * instead of 1.56-1.62.
 */
export const BULK_PAGE_BYTES = 16_384;

/** One SQLite file holding the read models, the FTS5 search index and the checkpoint, written in one transaction. */
export class SqliteProjectionStorage implements ProjectionStorage {
  /** a batch's documents, search changes and checkpoint commit in one transaction */
  readonly appliesOnce = true;
  readonly db: Database.Database;
  readonly readModels: SqliteReadModels;
  readonly search: SqliteSearchIndex;
  private readonly tx;
  /** a commit's writes, inside whatever transaction is open */
  /** (the documents are serialized inside it, so a document that cannot be fails the commit as a write does) */
  private readonly write: (writeDocs: () => void, search: readonly SearchChange[], position: number) => () => void;
  /** the page cache while serving (bulk: while building) */
  private readonly cacheKiB: number;
  /** checkpoints the WAL off the event loop (options.checkpointWorker) */
  readonly checkpointer: WalCheckpointer | null;
  private readonly bulk: boolean;
  /** inside the catchingUp window: commits leave the WAL to the window's end */
  private behind = false;
  /** the catchingUp window's open transaction (its commits write into it), and the document changes it holds */
  private window: { changes: number } | null = null;
  private readonly windowChanges: number;
  /** when the read models' recent tables are folded into the main ones, and how much a step */
  private readonly fold: typeof RECENT_FOLD;
  /** a fold has started and rows remain: commits outside a window move a step more */
  private folding = false;
  /** when a commit last looked at the fold (performance.now(), after its step if it took one) */
  private foldLookedAt = Number.NEGATIVE_INFINITY;

  /**
   * `bulk`: a throw-away rebuild target (replay into a fresh file that is compared or
   * swapped in afterwards): no fsync, an in-memory rollback journal and a larger cache.
   * A crash during a bulk rebuild loses only the rebuild, never the log.
   * `checkpointWorker`: a serving storage checkpoints its WAL from a worker thread after commits (as the site's event
   * store does), so a commit on the event loop seldom runs a checkpoint and its fsyncs.
   * `searchSnapshots`: when a serving storage's commits also store a fresh snapshot of the search index's in-memory side
   * (default SNAPSHOT_EVERY; a bulk target stores one at close only).
   * `windowChanges`: the document changes a catchingUp window's transaction holds before it commits (default CATCH_UP_WINDOW_CHANGES;
   * a bulk target's, BULK_WINDOW_CHANGES).
   * `fold`: when a serving storage's read models fold their recent tables into the main ones, and the rows of a step
   * (default RECENT_FOLD; a bulk target writes the main tables).
   */
  constructor(
    path: string,
    options: { bulk?: boolean; checkpointWorker?: boolean; searchSnapshots?: SnapshotPolicy; windowChanges?: number; fold?: typeof RECENT_FOLD } = {},
  ) {
    this.fold = options.fold ?? RECENT_FOLD;
    this.windowChanges = options.windowChanges ?? (options.bulk ? BULK_WINDOW_CHANGES : CATCH_UP_WINDOW_CHANGES);
    this.cacheKiB = options.bulk ? BULK_CACHE_KIB : SERVING_CACHE_KIB;
    if (options.bulk) {
      this.db = openSqliteFile(path, { journal: 'memory', synchronous: 'off' });
      // takes effect only on a new, empty file
      this.db.pragma(`page_size = ${BULK_PAGE_BYTES}`);
    } else {
      this.db = openSqliteFile(path, { synchronous: 'normal' });
      this.db.pragma(`wal_autocheckpoint = ${SERVING_WAL_PAGES}`);
      // a WAL grown by a catch-up is cut back when it restarts after a checkpoint, not kept at its largest
      this.db.pragma(`journal_size_limit = ${SERVING_WAL_PAGES * (this.db.pragma('page_size', { simple: true }) as number)}`);
    }
    this.bulk = options.bulk === true;
    this.checkpointer = options.checkpointWorker && !options.bulk && path !== ':memory:' ? new WalCheckpointer(path) : null;
    this.db.pragma(`cache_size = -${this.cacheKiB}`);
    // statement journals (a multi-row insert's undo of the pages it changed) in memory, not in a temp file: the 1M live
    // catch-up wrote 1.35 GB of them (7.0 GB written in all, 5.6 GB with this); no query here sorts or groups in a temp table
    this.db.pragma('temp_store = MEMORY');
    this.readModels = new SqliteReadModels(this.db, 'projections', { recent: !options.bulk, countsOffThread: !options.bulk });
    const snapshots = options.bulk
      ? { everyChanges: 0, everyMs: 0 }
      : (options.searchSnapshots ?? { everyChanges: SNAPSHOT_EVERY.changes, everyMs: SNAPSHOT_EVERY.ms });
    this.search = new SqliteSearchIndex(this.db, 'projections', snapshots);
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version !== PROJECTIONS_SCHEMA) {
      if (this.readModels.checkpointSync() > 0 && !KEPT_LAYOUTS.includes(version)) {
        const after = this.db
          .transaction(() => {
            this.readModels.resetSync();
            return this.search.resetSync();
          })
          .immediate();
        after();
      }
      this.db.pragma(`user_version = ${PROJECTIONS_SCHEMA}`);
    }
    this.write = (writeDocs: () => void, search: readonly SearchChange[], position: number) => {
      writeDocs();
      const after = this.search.applySync(search);
      this.readModels.setCheckpointSync(position);
      return after;
    };
    this.tx = this.db.transaction(this.write);
  }

  checkpointSync(): number {
    return this.readModels.checkpointSync();
  }

  /** The page cache (KiB) the connection allows now. */
  cacheSizeKiB(): number {
    return -(this.db.pragma('cache_size', { simple: true }) as number);
  }

  /** WAL pages after which a commit checkpoints now. */
  walAutocheckpointPages(): number {
    return this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
  }

  /**
   * While the runner catches up a long lag: a larger page cache and a larger WAL before a commit checkpoints (a bulk
   * target has no WAL: only its cache). When it has caught up: the serving cache and WAL limit again, and one checkpoint
   * of what the catch-up wrote: from the checkpoint worker when there is one, else here when the WAL has grown past the
   * serving limit (as the catch-up's last commit would have done under it; a smaller WAL waits for a later commit, as before).
   * The search index's periodic snapshots wait for the window's end (the first commit after it stores one when due).
   * The window is one transaction (committed every `windowChanges` document changes and at its end): its commits are
   * read at once on this connection (the site's reads), by other connections once the window commits.
   */
  catchingUp(behind: boolean): void {
    if (!this.db.open) return;
    if (behind) this.openWindow();
    try {
      // the window's transaction commits before the serving WAL limit is back (a commit under it would checkpoint there)
      if (!behind) this.closeWindow();
    } finally {
      this.windowLimits(behind);
    }
  }

  private windowLimits(behind: boolean): void {
    this.behind = behind;
    this.search.pauseSnapshots(behind);
    this.db.pragma(`cache_size = -${behind ? Math.max(CATCH_UP_CACHE_KIB, this.cacheKiB) : this.cacheKiB}`);
    if (this.bulk) return;
    const pageBytes = this.db.pragma('page_size', { simple: true }) as number;
    this.db.pragma(`wal_autocheckpoint = ${behind ? Math.floor(CATCH_UP_WAL_BYTES / pageBytes) : SERVING_WAL_PAGES}`);
    if (behind) return;
    if (this.checkpointer) this.checkpointer.nudge();
    else if (this.walBytes() > SERVING_WAL_PAGES * pageBytes) this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** The WAL file's size (at least what it holds: it is cut back only when it restarts). */
  private walBytes(): number {
    if (this.db.memory) return 0;
    try {
      return statSync(`${this.db.name}-wal`).size;
    } catch {
      return 0;
    }
  }

  async checkpoint(): Promise<number> {
    return this.checkpointSync();
  }

  commitSync(docs: readonly DocChange[], search: readonly SearchChange[], position: number): void {
    this.commitPrepared(() => this.readModels.applySync(docs), docs.length, search, position);
  }

  /** commitSync with the documents serialized already (storage/threaded-bulk.ts prepares them on another thread). */
  commitStoredSync(docs: readonly StoredChange[], search: readonly SearchChange[], position: number): void {
    this.commitPrepared(() => this.readModels.applyStoredSync(docs), docs.length, search, position);
  }

  /** `writeDocs` writes the `changes` document changes */
  private commitPrepared(writeDocs: () => void, changes: number, search: readonly SearchChange[], position: number): void {
    const after = this.window ? this.writeInWindow(writeDocs, search, position) : this.tx.immediate(writeDocs, search, position);
    after();
    if (this.window && (this.window.changes += changes) >= this.windowChanges) this.renewWindow();
    if (!this.window) this.foldStep();
    if (!this.behind) this.checkpointer?.nudge();
  }

  /**
   * After a commit outside a window: one step of folding the read models' recent tables into the main ones, in its own
   * transaction, once they are large (`fold`) and until they are empty; a commit looks at most every `fold.everyMs`. A document
   * or key written since a step lands in the recent tables again; reads see both tables, so a fold changes no answer.
   */
  private foldStep(): void {
    if (this.bulk || performance.now() - this.foldLookedAt < this.fold.everyMs) return;
    try {
      if (this.folding || this.readModels.recentIsLarge(this.fold.minRows, this.fold.share)) this.folding = this.foldRecentSync();
    } catch {
      // the step rolled back and the commit before it stands: reads are the same either way, and a later commit tries again
      this.folding = false;
    } finally {
      this.foldLookedAt = performance.now();
    }
  }

  /** One step of folding the read models' recent tables into the main ones (`rows` of each), in its own transaction; true while rows remain. */
  foldRecentSync(rows = this.fold.stepRows): boolean {
    return this.db.transaction(() => this.readModels.foldSync(rows)).immediate();
  }

  /**
   * What a catch-up folded on a worker thread needs (runner/catch-up-worker.ts): the file, which the worker reads, and commits of
   * documents serialized there; `commitWindow` commits the catchingUp window's transaction and opens the next, so another
   * connection reads what it held. None for a bulk target (its build reads through RebuildReads) or a file in memory.
   */
  get workerCatchUp(): WorkerCatchUp | null {
    if (this.bulk || this.db.memory) return null;
    return {
      path: this.db.name,
      commitStored: (docs, search, position) => this.commitStoredSync(docs, search, position),
      read: (coll, id) => this.readModels.getSync(coll, id),
      commitWindow: () => this.renewWindow(),
    };
  }

  /**
   * Commits the catchingUp window's transaction and opens the next (nothing when no window is open), so another connection
   * reads what it held.
   */
  renewWindow(): void {
    if (!this.window) return;
    this.closeWindow();
    this.openWindow();
  }

  /** Opens the catchingUp window's transaction (none when one is open already: its commits stay theirs). */
  private openWindow(): void {
    if (this.window || this.db.inTransaction) return;
    this.db.exec('BEGIN IMMEDIATE');
    this.window = { changes: 0 };
  }

  /**
   * A commit inside the window: its writes join the window's transaction as they are, without a savepoint of their own
   * (a savepoint keeps a copy of every page it changes first: +0.6 GB peak RSS in the 1M live catch-up). When one fails,
   * the whole window is rolled back (abandonWindow) and the error is thrown.
   */
  private writeInWindow(writeDocs: () => void, search: readonly SearchChange[], position: number): () => void {
    try {
      return this.write(writeDocs, search, position);
    } catch (err) {
      this.abandonWindow();
      throw err;
    }
  }

  /** Commits the window's transaction; when that fails, abandonWindow and the error is thrown. */
  private closeWindow(): void {
    if (!this.window) return;
    try {
      this.db.exec('COMMIT');
      this.window = null;
    } catch (err) {
      this.abandonWindow();
      throw err;
    }
  }

  /**
   * Rolls back the window's transaction: the checkpoint is the one before the window (or its last commit every
   * windowChanges), and the search index's in-memory side, which followed the window's commits, is loaded again from the rows.
   */
  private abandonWindow(): void {
    this.window = null;
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    this.search.reloadSync();
  }

  async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    this.commitSync(docs, search, position);
  }

  async reset(): Promise<void> {
    const after = this.db
      .transaction(() => {
        this.readModels.resetSync();
        return this.search.resetSync();
      })
      .immediate();
    after();
  }

  async close(): Promise<void> {
    if (this.db.open) this.closeWindow();
    // the search index's in-memory side, for a fast next open; a failure leaves none, and the next open reads the rows
    await this.search.snap.stop();
    try {
      this.search.saveSnapshotSync();
    } catch {
      // nothing stored: correct, only slower
    }
    await this.checkpointer?.close();
    // the read models' counts worker with it
    await this.readModels.close();
  }
}
