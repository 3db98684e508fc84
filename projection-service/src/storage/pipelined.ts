import { Listeners } from '@modshelf/events/listeners';
import type { DocChange } from '../read-model/port';
import type { SearchChange } from '../search/port';
import type { ProjectionStorage } from './port';

/** Most read-model changes waiting behind the write in flight before commit() waits for it (PROJECTION_QUEUED_CHANGES). */
const MAX_QUEUED = Number(process.env.PROJECTION_QUEUED_CHANGES) || 5000;

/** Changes of several batches as one, from the state before the first to the state after the last. */
function mergeDocs(into: Map<string, DocChange>, docs: readonly DocChange[]): void {
  for (const c of docs) {
    const k = `${c.coll}\u0000${c.id}`;
    const first = into.get(k);
    into.set(
      k,
      first
        ? { ...c, isNew: first.isNew, oldKeys: first.oldKeys, keysUnchanged: first.keysUnchanged === true && c.keysUnchanged === true ? true : undefined }
        : c,
    );
  }
}

/** Batches waiting for one write; `done` settles with it. */
interface Queued {
  docs: Map<string, DocChange>;
  search: Map<string, SearchChange>;
  position: number;
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

function queue(position: number): Queued {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const done = new Promise<void>((a, b) => {
    resolve = a;
    reject = b;
  });
  done.catch(() => undefined); // whoever waits on it sees the failure; nobody may
  return { docs: new Map(), search: new Map(), position, done, resolve, reject };
}

/**
 * A projection worker's storage whose commit() returns once the batch is handed to the writer, so
 * the next batch is fetched and folded while this one is written (the bus commits a batch for the
 * group only once durable() has resolved: BatchAck). One write runs at a time; the batches handed
 * over meanwhile wait, merged into one write (the last change of a document wins, as in one big
 * batch), which starts when the one in flight is done. commit() waits once more than MAX_QUEUED
 * changes wait.
 *
 * A write that fails fails every later commit() (they were folded over its changes), until
 * resume() has waited for the writes and read the storage again; it then says `lost`: the batches
 * handed over since the last durable one must be projected again from the storage's checkpoint.
 */
export class PipelinedStorage implements ProjectionStorage {
  private tail: Promise<void> = Promise.resolve();
  private writer: Promise<void> | null = null;
  private queued: Queued | null = null;
  private failure: unknown = null;
  /** position of the last batch handed over (null: none since the storage was last read) */
  private handed: number | null = null;
  /** position of the last batch written by this writer (0 before any) */
  written = 0;
  /** writes started (each one or several batches) */
  writes = 0;
  private readonly writtenListeners = new Listeners<number>();

  constructor(
    readonly inner: ProjectionStorage,
    private readonly onFailure: (err: unknown) => void = () => {},
    private readonly maxQueued = MAX_QUEUED,
  ) {}

  get readModels(): ProjectionStorage['readModels'] {
    return this.inner.readModels;
  }
  get search(): ProjectionStorage['search'] {
    return this.inner.search;
  }

  /** Calls listener with `written` each time a write moves it; returns the call that stops it. */
  onWritten(listener: (position: number) => void): () => void {
    return this.writtenListeners.add(listener);
  }

  private moved(): void {
    this.writtenListeners.emit(this.written);
  }

  /** The storage's checkpoint, read (writes in flight may move it). */
  checkpoint(): Promise<number> {
    return this.inner.checkpoint();
  }

  /** Queues this batch's write behind the one in flight (merged with those already waiting) and returns. */
  async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    while (this.failure === null && this.queued && this.queued.docs.size >= this.maxQueued) await this.settled();
    if (this.failure !== null) throw this.failure;
    const q = (this.queued ??= queue(position));
    mergeDocs(q.docs, docs);
    for (const c of search) q.search.set(c.projectId, c);
    q.position = position;
    this.handed = position;
    this.tail = q.done;
    this.writer ??= this.drain();
  }

  /** Writes what waits, one write after another, until nothing does; never rejects (a failure rejects the batches' `done`). */
  private async drain(): Promise<void> {
    try {
      while (this.queued) {
        const q = this.queued;
        this.queued = null;
        this.writes++;
        try {
          await this.inner.commit([...q.docs.values()], [...q.search.values()], q.position);
        } catch (err) {
          this.failure ??= err;
          q.reject(err);
          this.dropQueued(err);
          this.onFailure(err);
          return;
        }
        this.written = Math.max(this.written, q.position);
        this.moved();
        q.resolve();
      }
    } finally {
      this.writer = null;
    }
  }

  /** The batches that waited behind a failed write fail with it (they were folded over it). */
  private dropQueued(err: unknown): void {
    this.queued?.reject(err);
    this.queued = null;
  }

  /** Resolves when every batch handed over is written; rejects when one of them failed. */
  durable(): Promise<void> {
    return this.tail;
  }

  private settled(): Promise<void> {
    return this.tail.catch(() => undefined);
  }

  /** Resolves when nothing is written or waits to be. */
  private async idle(): Promise<void> {
    while (this.writer) await this.writer;
  }

  /**
   * The checkpoint after the batches handed over while none failed (no round trip); else, once
   * the writes in flight are done, the inner storage's resume (it reads the stores and finishes a
   * half-written journaled batch), with `lost` when a handed batch was not written.
   */
  async resume(): Promise<{ recovered: boolean; checkpoint: number; lost: boolean }> {
    if (this.failure === null && this.handed !== null) return { recovered: false, checkpoint: this.handed, lost: false };
    await this.idle();
    const lost = this.failure !== null;
    this.failure = null;
    this.handed = null;
    const inner = this.inner;
    const r = inner.resume ? await inner.resume() : { recovered: inner.recover ? await inner.recover() : false, checkpoint: await inner.checkpoint() };
    if (!lost) this.written = Math.max(this.written, r.checkpoint);
    else this.written = r.checkpoint;
    this.moved();
    return { ...r, lost };
  }

  async recover(): Promise<boolean> {
    return (await this.resume()).recovered;
  }

  catchingUp(behind: boolean): void {
    this.inner.catchingUp?.(behind);
  }

  async reset(): Promise<void> {
    await this.idle();
    this.failure = null;
    this.handed = null;
    this.written = 0;
    await this.inner.reset();
  }

  /** Waits for the writes in flight (their failure is reported to onFailure), then closes the inner storage. */
  async close(): Promise<void> {
    await this.idle();
    await this.inner.close();
  }
}
