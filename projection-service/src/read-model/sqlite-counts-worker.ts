import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-entry';
import type { Counts, CountsQuery } from './port';

/** What SqliteCountsWorker asks its worker (sqlite-counts-worker-main.ts), numbered; each answer carries the number. */
export type CountsRequest = { seq: number; q: CountsQuery };
export type CountsAnswer = { seq: number; counts: Counts } | { seq: number; error: string };

/**
 * Counts of a read-model file on a worker thread (sqlite-counts-worker-main.ts, `read-model-counts-worker` of the compiled
 * bundle), with a read-only connection of its own: the statistics' distinct counts scan whole key indexes (about half a
 * second of CPU at 1M projects), which on the site's thread would hold every other request that long. Started at the first
 * count and kept (unreferenced: it never keeps the process alive); one that stopped is started again by the next count.
 */
type Waiting = Map<number, { resolve: (c: Counts) => void; reject: (err: unknown) => void }>;

export class SqliteCountsWorker {
  /** the worker and the counts it has not answered yet */
  private current: { worker: Worker; waiting: Waiting } | null = null;
  private seq = 0;

  constructor(
    private readonly path: string,
    private readonly checkpointName: string,
  ) {}

  counts(q: CountsQuery): Promise<Counts> {
    const { worker, waiting } = (this.current ??= this.start());
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      waiting.set(seq, { resolve, reject });
      const request: CountsRequest = { seq, q };
      worker.postMessage(request);
    });
  }

  private start(): { worker: Worker; waiting: Waiting } {
    const worker = startWorker(import.meta.url, 'read-model-counts-worker.js', 'sqlite-counts-worker-main.ts', {
      path: this.path,
      checkpointName: this.checkpointName,
    });
    worker.unref();
    const started = { worker, waiting: new Map() as Waiting };
    worker.on('message', (a: CountsAnswer) => {
      const w = started.waiting.get(a.seq);
      started.waiting.delete(a.seq);
      if ('error' in a) w?.reject(new Error(a.error));
      else w?.resolve(a.counts);
    });
    const gone = (why: unknown) => {
      if (this.current === started) this.current = null;
      for (const w of started.waiting.values()) w.reject(why);
      started.waiting.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the counts worker exited (${code})`)));
    return started;
  }

  async close(): Promise<void> {
    const worker = this.current?.worker;
    this.current = null;
    if (worker) await worker.terminate();
  }
}
