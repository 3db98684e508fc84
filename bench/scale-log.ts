/**
 * Writes the scale bench's log: a worker thread (scale-log-worker.ts) generates the catalogue with the revenue
 * accrual's credits and makes each batch's rows, while this thread writes the previous batch into the file
 * (writeLogBatches); then the accrual's checkpoint and state are committed, as GeneratedAccruals.commit does after writeCatalogueEvents
 * on one thread.
 */
import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { SqliteLeaseStore, type SqliteEventStore } from '@modshelf/events';
import { writeLogBatches, type LogBatch } from '@modshelf/events/generator';
import { commitAccruals } from './scale-accruals';
import type { LogWorkerData, LogWorkerMessage } from './scale-log-worker';

/**
 * The worker's script through tsx's loader (the bench runs from source), with a young generation of 768 MiB: semi-spaces
 * of 256 MiB, as the build's --max-semi-space-size=256 (V8 sizes the young generation at three semi-spaces). With the
 * default the worker spent 29% of its time in GC, its short-lived appends copied by scavenges.
 */
function startLogWorker(data: LogWorkerData): Worker {
  const main = new URL('./scale-log-worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(main)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(code, { eval: true, workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 768 } });
}

export interface GeneratedLogOptions {
  /** ids from counters instead of random ones (two runs write the same log) */
  counters?: boolean;
  onProgress?: (events: number) => void;
}

/**
 * Writes `projects` generated projects (numbered from `first`) into `store` with what the site's process managers would have
 * appended as they were written (the revenue accrual's credits, checkpoint and state), so a first start over the log has
 * nothing to catch up; answers how many events.
 */
export async function writeGeneratedLog(store: SqliteEventStore, projects: number, seed: number, first: number, options: GeneratedLogOptions = {}) {
  let entries: Array<[string, string | null]> | null = null;
  let worker: Worker | null = null;
  async function* batches(head: number): AsyncGenerator<LogBatch> {
    worker = startLogWorker({ projects, seed, first, head, counters: options.counters ?? false });
    // a worker that exits without its last message ends the wait (an error thrown in it ends it with the error)
    const exited = new AbortController();
    worker.once('exit', (code) => exited.abort(new Error(`the log worker exited (code ${code}) before it was done`)));
    for await (const [message] of on(worker, 'message', { signal: exited.signal }) as AsyncIterable<[LogWorkerMessage]>) {
      if (message.kind === 'done') {
        entries = message.entries;
        return;
      }
      yield message.batch;
      // written (the writer asked for the next batch after this one): the worker may make another
      worker.postMessage('written');
    }
  }
  try {
    const written = await writeLogBatches(store, batches, { lookups: true, onProgress: options.onProgress });
    if (!entries) throw new Error('the log worker stopped before it was done');
    await commitAccruals(new SqliteLeaseStore({ db: store.db }), await store.headPosition(), entries);
    return written;
  } finally {
    await (worker as Worker | null)?.terminate();
  }
}
