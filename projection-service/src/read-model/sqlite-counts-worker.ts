import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-entry';
import type { Counts, CountsQuery } from './port';

/** What SqliteCountsWorker asks its worker (sqlite-counts-worker-main.ts), numbered; each answer carries the number. */
export type CountsRequest = { seq: number; q: CountsQuery };
export type CountsAnswer = { seq: number; counts: Counts } | { seq: number; error: string };

type Waiting = Map<number, { resolve: (c: Counts) => void; reject: (err: unknown) => void }>;
type Started = { worker: Worker; waiting: Waiting; idle?: NodeJS.Timeout };

/**
 * How long a worker with nothing to count is kept (ms): the next count within it skips the start. The bench's routes phase
 * at 100k projects: the site's RSS 249 MB before it, 275 MB after it, with the worker started.
 */
export const COUNTS_WORKER_IDLE_MS = 30_000;

/**
 * Counts of a read-model file on a worker thread (sqlite-counts-worker-main.ts, `read-model-counts-worker` of the compiled
 * bundle), with a read-only connection of its own: the statistics' distinct counts scan whole key indexes (about half a
 * second of CPU at 1M projects), which on the site's thread would hold every other request that long. Started at the first
 * count, stopped once it has had nothing to count for `idleMs` (unreferenced: it never keeps the process alive); one that
 * stopped is started again by the next count.
 */
export class SqliteCountsWorker {
  /** the worker, the counts it has not answered yet, and its stop when idle */
  private current: Started | null = null;
  private seq = 0;

  constructor(
    private readonly path: string,
    private readonly checkpointName: string,
    private readonly idleMs = COUNTS_WORKER_IDLE_MS,
  ) {}

  /** Whether a worker runs now. */
  get running(): boolean {
    return this.current !== null;
  }

  counts(q: CountsQuery): Promise<Counts> {
    const started = (this.current ??= this.start());
    clearTimeout(started.idle);
    const { worker, waiting } = started;
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      waiting.set(seq, { resolve, reject });
      const request: CountsRequest = { seq, q };
      worker.postMessage(request);
    });
  }

  private start(): Started {
    const worker = startWorker(import.meta.url, 'read-model-counts-worker.js', 'sqlite-counts-worker-main.ts', {
      path: this.path,
      checkpointName: this.checkpointName,
    });
    worker.unref();
    const started: Started = { worker, waiting: new Map() };
    worker.on('message', (a: CountsAnswer) => {
      const w = started.waiting.get(a.seq);
      started.waiting.delete(a.seq);
      if ('error' in a) w?.reject(new Error(a.error));
      else w?.resolve(a.counts);
      if (started.waiting.size === 0) started.idle = setTimeout(() => void this.stop(started), this.idleMs).unref();
    });
    const gone = (why: unknown) => {
      clearTimeout(started.idle);
      if (this.current === started) this.current = null;
      for (const w of started.waiting.values()) w.reject(why);
      started.waiting.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the counts worker exited (${code})`)));
    return started;
  }

  private async stop(started: Started): Promise<void> {
    clearTimeout(started.idle);
    if (this.current === started) this.current = null;
    await started.worker.terminate();
  }

  async close(): Promise<void> {
    if (this.current) await this.stop(this.current);
  }
}
