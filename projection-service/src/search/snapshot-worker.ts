import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-entry';

/** What the worker answers: the snapshot file it wrote (the log's sequence number and token it holds), or why none. */
export type WorkerAnswer = { seq: number; token: string; bytes: number } | { error: string };

/** The worker: `search-snapshot-worker` of the compiled bundle, or snapshot-worker-main.ts through tsx. */
const spawn = (workerData: unknown): Worker => startWorker(import.meta.url, 'search-snapshot-worker.js', 'snapshot-worker-main.ts', workerData);

/**
 * Takes snapshots of a search index in a worker thread (snapshot-worker-main.ts), one at a time. The thread starts at the
 * first request, never keeps the process alive, and a new one starts after one that failed.
 */
export class SnapshotWorker {
  private worker: Worker | null = null;
  private pending: { resolve: (a: WorkerAnswer) => void } | null = null;

  constructor(private readonly data: { dbPath: string; name: string; filePath: string }) {}

  /** a snapshot is being taken */
  get busy(): boolean {
    return this.pending !== null;
  }

  /** Asks for a snapshot (none while one is being taken: null). */
  take(): Promise<WorkerAnswer> | null {
    if (this.pending) return null;
    const worker = this.worker ?? this.start();
    return new Promise<WorkerAnswer>((resolve) => {
      this.pending = { resolve };
      worker.postMessage(0);
    });
  }

  private start(): Worker {
    const worker = spawn(this.data);
    worker.unref();
    const settle = (answer: WorkerAnswer) => {
      const p = this.pending;
      this.pending = null;
      p?.resolve(answer);
    };
    worker.on('message', settle);
    const gone = (why: string) => {
      if (this.worker === worker) this.worker = null;
      settle({ error: why });
    };
    worker.on('error', (err) => gone(err.message));
    worker.on('exit', (code) => gone(`the snapshot worker exited (${code})`));
    this.worker = worker;
    return worker;
  }

  /** Stops the thread; a snapshot being written is left unfinished (its temporary file only: the rename never happened). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
