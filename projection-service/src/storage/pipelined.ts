import type { DocChange } from '../read-model/port';
import type { SearchChange } from '../search/port';
import type { ProjectionStorage } from './port';

/**
 * A projection worker's storage whose commit() returns once the batch is handed to the writer, so
 * the next batch is fetched and folded while this one is written (the bus commits a batch for the
 * group only once durable() has resolved: BatchAck). One batch is written at a time: a commit()
 * first waits for the write before it, so at most one batch waits folded behind the one in flight.
 *
 * A write that fails fails every later commit() (they were folded over its changes), until
 * resume() has waited for the writes and read the storage again; it then says `lost`: the batches
 * handed over since the last durable one must be projected again from the storage's checkpoint.
 */
export class PipelinedStorage implements ProjectionStorage {
  private tail: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  /** position of the last batch handed over (null: none since the storage was last read) */
  private handed: number | null = null;
  /** position of the last batch written by this writer (0 before any) */
  written = 0;

  constructor(
    readonly inner: ProjectionStorage,
    private readonly onFailure: (err: unknown) => void = () => {},
  ) {}

  get readModels(): ProjectionStorage['readModels'] {
    return this.inner.readModels;
  }
  get search(): ProjectionStorage['search'] {
    return this.inner.search;
  }

  /** The storage's checkpoint, read (writes in flight may move it). */
  checkpoint(): Promise<number> {
    return this.inner.checkpoint();
  }

  /** Waits for the write before, then starts this batch's write and returns. */
  async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    await this.settled();
    if (this.failure !== null) throw this.failure;
    const write = this.inner.commit(docs, search, position).then(() => {
      this.written = Math.max(this.written, position);
    });
    this.tail = write;
    this.handed = position;
    write.catch((err: unknown) => {
      this.failure ??= err;
      this.onFailure(err);
    });
  }

  /** Resolves when every batch handed over is written; rejects when one of them failed. */
  durable(): Promise<void> {
    return this.tail;
  }

  private settled(): Promise<void> {
    return this.tail.catch(() => undefined);
  }

  /**
   * The checkpoint after the batches handed over while none failed (no round trip); else, once
   * the writes in flight are done, the inner storage's resume (it reads the stores and finishes a
   * half-written journaled batch), with `lost` when a handed batch was not written.
   */
  async resume(): Promise<{ recovered: boolean; checkpoint: number; lost: boolean }> {
    if (this.failure === null && this.handed !== null) return { recovered: false, checkpoint: this.handed, lost: false };
    await this.settled();
    const lost = this.failure !== null;
    this.failure = null;
    this.handed = null;
    const inner = this.inner;
    const r = inner.resume ? await inner.resume() : { recovered: inner.recover ? await inner.recover() : false, checkpoint: await inner.checkpoint() };
    if (!lost) this.written = Math.max(this.written, r.checkpoint);
    else this.written = r.checkpoint;
    return { ...r, lost };
  }

  async recover(): Promise<boolean> {
    return (await this.resume()).recovered;
  }

  catchingUp(behind: boolean): void {
    this.inner.catchingUp?.(behind);
  }

  async reset(): Promise<void> {
    await this.settled();
    this.failure = null;
    this.handed = null;
    this.written = 0;
    await this.inner.reset();
  }

  /** Waits for the writes in flight (their failure is reported to onFailure), then closes the inner storage. */
  async close(): Promise<void> {
    await this.settled();
    await this.inner.close();
  }
}
