import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { EventStore, RecordedEvent, Subscription } from '@modshelf/events';
import type { Projector } from '../projectors/index';
import type { ProjectionStorage } from '../storage/port';
import { BatchLoop } from './batch-loop';
import type { Projections } from './projections';
import { workerRounds, workerSizes } from './catch-up-worker';
import type { BatchOutcome, ProjectionFailure } from './project-batch';
import { loadQuarantine } from './quarantine';
import { RebuildReads } from './rebuild-reads';
import { releaseMemory } from './release-memory';
import { REBUILD_BATCH, rebuildPage } from './rebuild-page';
import { storageEmpty } from './storage-empty';

export type { Projections, ReadScope } from './projections';

/** Where a runner's messages go unless RunnerOptions.log says otherwise. */
export const logProjections = (msg: string, err?: unknown): void => console.error(`[projections] ${msg}`, err ?? '');

/** Events per transaction while catching up a storage that is behind (fewer, larger commits than tailing). */
export const CATCH_UP_BATCH = 20_000;

export interface RunnerOptions {
  /** events per transaction while catching up or tailing. */
  batchSize?: number;
  /** events per transaction while building into an empty storage (default: REBUILD_BATCH, growing to REBUILD_BATCH_MAX) */
  buildBatchSize?: number;
  /** events per transaction while catching up a storage that is behind (default the larger of batchSize and CATCH_UP_BATCH) */
  catchUpBatchSize?: number;
  log?: (msg: string, err?: unknown) => void;
  /** the projectors folded (default: all of them); tests inject a failing one */
  projectors?: readonly Projector[];
  /** while halted, how often the quarantine stream is read for a decision about the failed event (default 1000 ms) */
  quarantinePollMs?: number;
  /**
   * a catch-up into a storage that holds projections, of at least `min` events (default CATCH_UP_WORKER_MIN), is folded on a
   * worker thread (catch-up-worker.ts) when the log is a SQLite file and the storage can (workerCatchUp): in rounds of `round`
   * events (CATCH_UP_ROUND), pages of `page` (CATCH_UP_WORKER_PAGE); false: never (nor with `projectors`)
   */
  catchUpWorker?: { min?: number; round?: number; page?: number } | false;
}

interface Waiter {
  position: number;
  resolve: (ok: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * Projects the event log into storage: catch up in big batches, then tail the live log via subscribeAll.
 *
 * A projector that throws halts the projection at that event: the events before it are committed,
 * nothing of it or after it is, `failures()` says where and why, and the read models keep answering
 * from that last good state. A restart (with a fixed projector) resumes from the checkpoint; an
 * operator's quarantine of that position (see quarantine.ts) makes the halted runner skip exactly
 * that event and go on.
 */
export class ProjectionRunner implements Projections {
  private readonly loop: BatchLoop;
  private sub: Subscription | null = null;
  private buffer: RecordedEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  private waiters: Waiter[] = [];
  private stopped = false;
  private readonly batchSize: number;
  /** the events of a build's page that starts after a position: buildBatchSize when given, else growing (rebuildPage) */
  private readonly buildPage: (position: number) => number;
  private readonly catchUpBatchSize: number;
  /** the reads of the last catch-up into an empty storage (null when the last catch-up was not one) */
  lastBuild: RebuildReads | null = null;
  private readonly log: (msg: string, err?: unknown) => void;
  ready: Promise<void> = Promise.resolve();
  /** started (tailing the log), not only catching up for a replay or a restore */
  private started = false;
  /** whether the quarantine stream has been read into the loop's quarantined positions */
  private quarantineLoaded = false;
  private quarantineTimer: NodeJS.Timeout | null = null;
  private readonly quarantinePollMs: number;
  /** the sizes of a catch-up's rounds on a worker thread; null: never (asked so, or the projectors were injected: a worker folds with all of them) */
  private readonly catchUpWorker: { min: number; round: number; page: number } | null;
  /** the rounds and events the last catch-up folded on a worker thread (null when it folded none there) */
  lastWorkerCatchUp: { rounds: number; events: number } | null = null;

  constructor(
    private readonly store: EventStore,
    readonly storage: ProjectionStorage,
    options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 4000;
    const { buildBatchSize } = options;
    const firstPage = Math.max(this.batchSize, REBUILD_BATCH);
    this.buildPage = buildBatchSize !== undefined ? () => buildBatchSize : (position) => rebuildPage(position, firstPage);
    this.catchUpBatchSize = options.catchUpBatchSize ?? Math.max(this.batchSize, CATCH_UP_BATCH);
    this.log = options.log ?? logProjections;
    this.loop = new BatchLoop(storage, { projectors: options.projectors });
    this.quarantinePollMs = options.quarantinePollMs ?? 1000;
    this.catchUpWorker = options.projectors ? null : workerSizes(options.catchUpWorker);
  }

  /** Events this runner has projected (or passed as quarantined). */
  get eventsProjected(): number {
    return this.loop.eventsProjected;
  }

  private get position(): number {
    return this.loop.position;
  }

  private get failure(): ProjectionFailure | null {
    return this.loop.failure;
  }

  failures(): ProjectionFailure[] {
    return this.failure ? [this.failure] : [];
  }

  checkpoint(): number {
    return this.position;
  }

  private async loadQuarantine(): Promise<void> {
    if (this.quarantineLoaded) return;
    this.loop.quarantined = await loadQuarantine(this.store);
    this.quarantineLoaded = true;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.started = true;
    this.loop.position = await this.storage.checkpoint();
    const before = this.eventsProjected;
    this.ready = this.catchUp().then(() => {
      // A big catch-up leaves a grown heap of garbage behind: give it back before serving.
      if (this.eventsProjected - before > 20_000) releaseMemory(this.storage);
      this.subscribe();
    });
    this.ready.catch((err) => this.log('catch-up failed', err));
  }

  /** Whether nothing is stored yet (no checkpoint, no document): a build from the start of the log. */
  private async storageEmpty(): Promise<boolean> {
    return this.position === 0 && (await storageEmpty(this.storage));
  }

  /**
   * Reads the log in pages from the stored checkpoint and projects each page in one transaction:
   * pages of catchUpBatchSize events, with the storage's catchingUp window open from the first page larger
   * than a tailing batch (batchSize) to the end of the catch-up. Into an empty storage (a first start, a rebuild, a replay) it reads through RebuildReads, in
   * pages of REBUILD_BATCH events: the same fold, committed the same way, with the storage's
   * reads of absent documents (most of a build's reads) answered from memory.
   */
  async catchUp(until = Number.MAX_SAFE_INTEGER): Promise<void> {
    await this.loop.loadCheckpoint();
    await this.loadQuarantine();
    const rebuild = (await this.storageEmpty()) ? new RebuildReads(this.storage.readModels) : null;
    this.lastBuild = rebuild;
    this.lastWorkerCatchUp = null;
    const pageSize = () => (rebuild ? this.buildPage(this.position) : this.catchUpBatchSize);
    const reads = this.loop.reads;
    if (rebuild) this.loop.reads = rebuild;
    let behind = false;
    const openWindow = () => {
      if (!behind) this.storage.catchingUp?.((behind = true));
    };
    try {
      try {
        if (!rebuild && this.catchUpWorker)
          this.lastWorkerCatchUp = await workerRounds({
            store: this.store,
            storage: this.storage,
            loop: this.loop,
            sizes: this.catchUpWorker,
            until,
            openWindow,
            stopped: () => this.stopped,
            notify: () => this.notify(),
            log: this.log,
          });
        while (!this.stopped && !this.failure && this.position < until) {
          const page = await this.store.readAll({ after: this.position, maxCount: Math.min(pageSize(), until - this.position) });
          if (page.length === 0) break;
          if (page.length > this.batchSize) openWindow();
          const outcome = await this.processBatch(page);
          if (rebuild && outcome) rebuild.committed(outcome.changes);
          // the site listens while it catches up: /health and the reads answer between two pages
          await yieldToRequests();
        }
        // a storage that writes behind its commit() calls (storage/threaded-bulk.ts) holds the caught-up position once this returns
        await this.storage.flush?.();
      } finally {
        this.loop.reads = reads;
        // the build's documents in memory go with it (lastBuild keeps its counts)
        rebuild?.release();
        if (behind) this.storage.catchingUp?.(false);
      }
      // the window's commit, when the storage makes it behind catchingUp (storage/threaded-bulk.ts)
      if (behind) await this.storage.flush?.();
    } catch (err) {
      // a commit that failed inside the storage's catchingUp window rolled back the window's earlier commits too
      this.loop.position = await this.storage.checkpoint();
      throw err;
    }
  }

  private subscribe(): void {
    if (this.stopped || this.failure) return;
    this.sub = this.store.subscribeAll(
      this.position,
      async (e) => {
        if (this.failure) return;
        if (e.position <= this.position && this.buffer.length === 0) return;
        this.buffer.push(e);
        if (this.buffer.length >= this.batchSize) await this.flush();
        else if (!this.flushScheduled) {
          this.flushScheduled = true;
          setImmediate(() => {
            this.flushScheduled = false;
            void this.flush();
          });
        }
      },
      (err) => {
        this.log('subscription stopped; resubscribing from the checkpoint', err);
        this.resubscribe();
      },
    );
  }

  private resubscribing = false;

  /** After a failed batch or subscription: drop what is buffered and tail again from the checkpoint. */
  private resubscribe(): void {
    if (this.stopped || this.resubscribing) return;
    this.resubscribing = true;
    const old = this.sub;
    this.sub = null;
    this.buffer = [];
    setTimeout(() => {
      void (async () => {
        await old?.close().catch(() => {});
        await this.chain;
        this.buffer = [];
        this.resubscribing = false;
        this.subscribe();
      })();
    }, 500);
  }

  private flush(): Promise<void> {
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return this.chain;
    this.chain = this.chain
      .then(async () => {
        if (!this.resubscribing) await this.processBatch(batch);
      })
      .catch((err) => {
        // Nothing of the batch was committed: never skip past it, start again from the checkpoint.
        this.log('batch failed; resubscribing from the checkpoint', err);
        this.resubscribe();
      });
    return this.chain;
  }

  private async processBatch(events: RecordedEvent[]): Promise<BatchOutcome | null> {
    if (this.failure) return null;
    const fresh = this.loop.fresh(events);
    if (fresh.length === 0) return null;
    await this.loadQuarantine();
    const outcome = await this.loop.fold(fresh);
    if (outcome.committed !== null) this.notify();
    if (outcome.failure) this.halt(outcome.failure);
    return outcome;
  }

  /** Stops projecting at the failed event; watches the quarantine stream for an operator's decision. */
  private halt(failure: ProjectionFailure): void {
    this.loop.failure = failure;
    this.buffer = [];
    this.log(
      `projection ${failure.projection} HALTED at position ${failure.position} (${failure.event_type} on ${failure.stream_id}): ${failure.projector} threw: ${failure.error}. ` +
        'Queries answer from the last good state. Fix the projector and restart, or quarantine the event: npm run quarantine -- <position> --reason "..."',
    );
    const old = this.sub;
    this.sub = null;
    void old?.close().catch(() => {});
    // a bare catch-up (replay, restore) reports the failure and ends; a started runner waits for a decision
    if (this.stopped || !this.started) return;
    this.quarantineTimer = setInterval(() => void this.checkQuarantine(), this.quarantinePollMs);
    this.quarantineTimer.unref();
  }

  private checking = false;

  private async checkQuarantine(): Promise<void> {
    if (!this.failure || this.checking || this.stopped) return;
    this.checking = true;
    try {
      const q = await loadQuarantine(this.store);
      if (!q.has(this.failure.position)) return;
      this.loop.quarantined = q;
      this.quarantineLoaded = true;
      this.log(`position ${this.failure.position} quarantined: projection ${this.failure.projection} resumes`);
      this.clearHalt();
      this.chain = this.chain
        .then(() => this.catchUp())
        .then(() => this.subscribe())
        .catch((err) => {
          this.log('resume failed; resubscribing from the checkpoint', err);
          this.resubscribe();
        });
    } catch (err) {
      this.log('reading the quarantine stream failed', err);
    } finally {
      this.checking = false;
    }
  }

  private clearHalt(): void {
    this.loop.failure = null;
    if (this.quarantineTimer) clearInterval(this.quarantineTimer);
    this.quarantineTimer = null;
  }

  private notify(): void {
    if (this.waiters.length === 0) return;
    const keep: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.position <= this.position) {
        clearTimeout(w.timer);
        w.resolve(true);
      } else keep.push(w);
    }
    this.waiters = keep;
  }

  waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    if (position <= this.position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const w: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((x) => x !== w);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(w);
    });
  }

  async lag(): Promise<number> {
    return Math.max(0, (await this.store.headPosition()) - this.position);
  }

  head(): Promise<number> {
    return this.store.headPosition();
  }

  private async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    if (this.quarantineTimer) clearInterval(this.quarantineTimer);
    this.quarantineTimer = null;
    await this.ready.catch(() => {});
    await this.sub?.close();
    this.sub = null;
    await this.flush();
    await this.chain;
  }

  async rebuild(): Promise<void> {
    await this.stop();
    await this.storage.reset();
    this.buffer = [];
    this.clearHalt();
    this.quarantineLoaded = false;
    await this.start();
    await this.ready;
  }

  async close(): Promise<void> {
    await this.stop();
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
    this.waiters = [];
    await this.storage.close();
  }
}
