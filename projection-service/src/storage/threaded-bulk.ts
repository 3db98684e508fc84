import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-entry';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';
import { SqliteReadModels } from '../read-model/sqlite';
import type { SearchChange } from '../search/port';
import { SqliteSearchIndex } from '../search/sqlite-search';
import type { ProjectionStorage } from './port';
import { packChanges } from './threaded-bulk-pack';
import type { BuildAnswer, BuildCall, BuildRequest, BuildSearch } from './threaded-bulk-worker-main';

/** The worker: `projection-build-worker` of the compiled bundle, or threaded-bulk-worker-main.ts through tsx. */
const spawn = (path: string): Worker => startWorker(import.meta.url, 'projection-build-worker.js', 'threaded-bulk-worker-main.ts', { path });

/**
 * A build target like SqliteProjectionStorage with `bulk` (a fresh file, thrown away if the build dies), whose writes run on
 * a worker thread (threaded-bulk-worker-main.ts), so this thread reads and folds the next batch of the log while the worker
 * writes the one before: a build uses both cores. commit() serializes the batch's documents here, hands it over once the
 * batch before it is written, and returns: one batch is written at a time, one more waits at most. flush() waits for the
 * writes; a write that failed fails every later commit() and flush(), and checkpoint() then says what the file holds.
 *
 * Outside a catchingUp window each batch is its own transaction. Inside one (the runner opens it for a build) the batches
 * are one transaction, committed when the window closes: pages that batch after batch change (the indexes', the FTS5
 * table's) are written to the file once instead of at every commit. The reads of this thread (a connection of its own,
 * read-only) must see every batch but the last one handed over: the runner's build reads through RebuildReads, which holds
 * the last two batches' documents and lays the last commit's index keys over a lookup, and goes to this connection only for
 * the rest. Such a read first has the worker commit the window (after the batch it writes), when a batch before the last
 * is in it: a wait, but rare (the 100k bench log's build reads the file 0 times, the 1M log's 5). Only for an empty file:
 * a storage that holds documents is refused, since an ordinary catch-up would read it without RebuildReads.
 */
export class ThreadedBulkStorage implements ProjectionStorage {
  private readonly worker: Worker;
  private reader: Database.Database | null = null;
  private readonly started: Promise<void>;
  private readonly answers = new Map<number, { resolve: (value: unknown) => void; reject: (err: unknown) => void }>();
  private seq = 0;
  /** the writes handed over and not yet answered (rejects when one failed) */
  private writing: Promise<unknown> = Promise.resolve();
  /** whether the worker's catchingUp window is open, and the batches handed over into it since it last committed */
  private window = { open: false, batches: 0 };
  /** how often a read had the worker commit its window first */
  windowCommitsForReads = 0;
  private failure: unknown = null;
  /** why the worker stopped (it exited or threw) */
  private gone: unknown = null;
  private searchIndex: SqliteSearchIndex | null = null;
  private models: SqliteReadModels | null = null;
  readonly readModels: ReadModelStore;
  /** each batch is written once, in a transaction of the worker (its own, or the window's); a build whose write failed is thrown away */
  readonly appliesOnce = true;

  constructor(readonly path: string) {
    if (existsSync(path) && statSync(path).size > 0) throw new Error(`ThreadedBulkStorage: ${path} is not a fresh file`);
    this.worker = spawn(path);
    this.worker.on('message', (a: BuildAnswer) => {
      const waiting = this.answers.get(a.seq);
      this.answers.delete(a.seq);
      if ('error' in a) waiting?.reject(new Error(a.error));
      else waiting?.resolve(a.value);
    });
    const gone = (why: unknown) => {
      this.gone ??= why;
      for (const w of this.answers.values()) w.reject(why);
      this.answers.clear();
    };
    this.worker.on('error', gone);
    this.worker.on('exit', (code) => gone(new Error(`the build worker exited (${code})`)));
    // the worker creates the file and its tables; this thread's connection opens it after
    this.started = this.call({ t: 'open' }).then(() => undefined);
    this.readModels = this.reads();
  }

  private call(request: BuildCall): Promise<unknown> {
    // a worker that stopped answers nothing more
    if (this.gone) return Promise.reject(this.gone);
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.answers.set(seq, { resolve, reject });
      const numbered: BuildRequest = { ...request, seq };
      this.worker.postMessage(numbered);
    });
  }

  /** This thread's connection (read-only), once the worker has made the file. */
  private readerDb(): Database.Database {
    if (!this.reader) {
      this.reader = new Database(this.path, { readonly: true, fileMustExist: true });
      // a reader waits while the worker commits a batch
      this.reader.pragma('busy_timeout = 60000');
    }
    return this.reader;
  }

  /** The read models of this thread's connection, opened once the worker made the tables. */
  private async committed(): Promise<SqliteReadModels> {
    await this.started;
    return (this.models ??= new SqliteReadModels(this.readerDb(), 'projections'));
  }

  /**
   * What the runner's RebuildReads reads: documents and index keys as written, the batch in flight aside (RebuildReads lays
   * the last commit over them); counts, lists and scans after the writes.
   */
  private reads(): ReadModelStore {
    const written = async () => {
      await this.visibleButLast();
      return this.committed();
    };
    const settled = async () => {
      await this.flush();
      return this.committed();
    };
    return {
      get: async <C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> => (await written()).getSync(coll, id),
      getMany: async (coll, ids) => (await settled()).getMany(coll, ids),
      findIds: async (coll, index, key) => (await written()).findIdsSync(coll, index, key),
      count: async (coll) => (await settled()).count(coll),
      counts: async (q) => (await settled()).counts(q),
      scan: (coll) => this.scan(coll),
      checkpoint: () => this.checkpoint(),
      commit: (changes, position) => this.commit(changes, [], position),
      reset: () => this.reset(),
      close: () => this.close(),
    };
  }

  private async *scan<C extends CollectionName>(coll: C): AsyncIterable<[string, Documents[C]]> {
    await this.flush();
    yield* (await this.committed()).scan(coll);
  }

  /** The search index as written (read on this thread's connection, loaded at first use). */
  get search(): SqliteSearchIndex {
    return (this.searchIndex ??= new SqliteSearchIndex(this.readerDb(), 'projections'));
  }

  async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    await this.handOver(docs, { search }, position);
  }

  /** commit(), with the batch's search changes made on the worker from the documents it writes (searchChangesOfWritten). */
  async commitTouched(docs: readonly DocChange[], touched: readonly string[], position: number): Promise<void> {
    await this.handOver(docs, { touched }, position);
  }

  private async handOver(docs: readonly DocChange[], search: BuildSearch, position: number): Promise<void> {
    if (this.failure) throw this.failure;
    // serialized while the worker writes the batch before
    const packed = packChanges(docs);
    await this.flush();
    const write = this.call({ t: 'commit', docs: packed, ...search, position });
    write.catch((err) => (this.failure ??= err));
    this.writing = write;
    if (this.window.open) this.window.batches++;
  }

  /**
   * Makes every batch handed over but the last one readable on this thread's connection: when the window holds one of them,
   * the worker commits the window (and opens the next) after the batch it writes. After a failed write there is none to
   * commit (the worker rolled the window back).
   */
  private async visibleButLast(): Promise<void> {
    if (this.failure || this.window.batches < 2) return;
    this.window.batches = 0;
    this.windowCommitsForReads++;
    this.after({ t: 'commitWindow' });
    await this.flush();
  }

  /** Has the worker do `request` after the writes handed over (a failure fails the later commits, as a write's does). */
  private after(request: BuildCall): void {
    const step = this.writing.then(() => this.call(request));
    step.catch((err) => (this.failure ??= err));
    this.writing = step;
  }

  /** Waits for the writes handed over; throws the failure of one. */
  async flush(): Promise<void> {
    await this.started;
    await this.writing;
    if (this.failure) throw this.failure;
  }

  /** Opens or closes the worker's catchingUp window, after the writes handed over; flush() waits for its commit. */
  catchingUp(behind: boolean): void {
    this.window = { open: behind, batches: 0 };
    this.after({ t: 'catchingUp', behind });
  }

  /** The position the file holds (after a failed write: the last commit before the transaction it was in, its own or the window's). */
  async checkpoint(): Promise<number> {
    await this.writing.catch(() => undefined);
    return (await this.call({ t: 'checkpoint' })) as number;
  }

  async reset(): Promise<void> {
    await this.flush();
    await this.call({ t: 'reset' });
  }

  async close(): Promise<void> {
    await this.writing.catch(() => undefined);
    try {
      if (!this.gone) await this.call({ t: 'close' });
    } finally {
      await this.worker.terminate();
      await this.searchIndex?.snap.stop();
      if (this.reader?.open) this.reader.close();
    }
  }
}
