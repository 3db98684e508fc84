/**
 * The scale bench's log, generated on a worker thread (scale-log.ts starts it): the catalogue's appends with the
 * revenue accrual's credits (scale-accruals.ts), made into the bulk writer's batches (LogRows: rows, positions,
 * lookup changes) and posted to the thread that writes them, at most IN_FLIGHT waiting there at once. Ends by
 * posting the accrual's state entries.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LogRows, catalogueAppends, randomIds, type LogBatch } from '@modshelf/events/generator';
import { counterIds } from '@modshelf/events/generator/testing';
import type { StreamAppend } from '@modshelf/events';
import { GeneratedAccruals } from './scale-accruals';

export interface LogWorkerData {
  projects: number;
  seed: number;
  first: number;
  /** the log's head: the first row goes after it */
  head: number;
  /** ids from counters (two runs write the same log: the test's comparison) instead of random ones */
  counters: boolean;
}

export type LogWorkerMessage = { kind: 'batch'; batch: LogBatch } | { kind: 'done'; entries: Array<[string, string | null]> };

/** appends per batch, as writeCatalogueEvents' bulk path groups them */
const BATCH = 5000;
/** batches posted and not yet written: one being written, three ready */
const IN_FLIGHT = 4;

const port = parentPort!;
const data = workerData as LogWorkerData;
const accruals = new GeneratedAccruals(undefined, data.counters ? counterIds().eventId : undefined);
const rows = new LogRows(true, data.head);
// the writer answers each batch it wrote with a message
let posted = 0;
let written = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  written++;
  wake?.();
});
const post = async (message: LogWorkerMessage) => {
  while (posted - written >= IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
  port.postMessage(message);
  if (message.kind === 'batch') posted++;
};

let batch: StreamAppend[] = [];
for (const part of catalogueAppends(data.projects, data.seed, data.first, data.counters ? counterIds() : randomIds())) {
  batch.push(part);
  if (batch.length >= BATCH) {
    await post({ kind: 'batch', batch: rows.batch(batch, accruals.follow) });
    batch = [];
  }
}
if (batch.length) await post({ kind: 'batch', batch: rows.batch(batch, accruals.follow) });
await post({ kind: 'done', entries: accruals.entries() });
