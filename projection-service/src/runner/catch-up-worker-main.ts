import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore, type RecordedEvent } from '@modshelf/events';
import type { DocChange } from '../read-model/port';
import { SqliteReadModels } from '../read-model/sqlite';
import type { ProjectionStorage } from '../storage/port';
import { packChanges, type PackedChanges } from '../storage/threaded-bulk-pack';
import { BatchLoop } from './batch-loop';
import { WindowReads } from './window-reads';

/** What catch-up-worker.ts starts this thread with. */
export interface CatchUpWork {
  eventsPath: string;
  projectionsPath: string;
  /** the events after `from`, up to `until`, in pages of `pageSize` */
  from: number;
  until: number;
  pageSize: number;
  quarantined: number[];
  appliesOnce: boolean;
}

/**
 * What this thread tells the event loop: a batch to commit (with the projects it touched, whose search changes the event loop
 * makes from what it commits), or that it stopped (`failed`: at an event a projector threw on).
 */
export type CatchUpMessage =
  | { t: 'commit'; docs: PackedChanges; touched: readonly string[]; position: number; passed: number }
  | { t: 'done'; failed: boolean }
  | { t: 'error'; error: string };

/** Batches handed over and not yet committed, at most: this thread folds the next while the event loop commits one. */
const AHEAD = 2;

const work = workerData as CatchUpWork;
const port = parentPort!;
let unacked = 0;
let acked: (() => void) | null = null;
port.on('message', () => {
  unacked -= 1;
  acked?.();
});

async function handOver(docs: readonly DocChange[], touched: readonly string[], position: number, passed: number): Promise<void> {
  while (unacked >= AHEAD) await new Promise<void>((resolve) => (acked = resolve));
  unacked += 1;
  const packed = packChanges(docs);
  port.postMessage({ t: 'commit', docs: packed, touched, position, passed } satisfies CatchUpMessage);
}

async function run(): Promise<boolean> {
  const store = new SqliteEventStore({ path: work.eventsPath });
  const db = new Database(work.projectionsPath, { readonly: true, fileMustExist: true });
  // a reader waits while the event loop's connection commits (the window, a checkpoint)
  db.pragma('busy_timeout = 60000');
  try {
    const reads = new WindowReads(new SqliteReadModels(db, 'projections'));
    /** the events of the batch being folded */
    let fresh: RecordedEvent[] = [];
    // the storage the batches commit to: the event loop's, through the messages (they read through `reads`, not its read
    // models); the event loop makes their search changes from the documents it commits (ProjectionStorage.commitTouched)
    const commitTouched = async (docs: readonly DocChange[], touched: readonly string[], position: number) => {
      reads.add(docs);
      // the events this commit passes (projected or quarantined): the batch's up to its position (a failure commits a prefix)
      let passed = 0;
      for (const e of fresh) if (e.position <= position) passed += 1;
      await handOver(docs, touched, position, passed);
    };
    const target: Pick<ProjectionStorage, 'appliesOnce' | 'commitTouched'> = { appliesOnce: work.appliesOnce, commitTouched };
    const loop = new BatchLoop(target as ProjectionStorage, { reads });
    loop.position = work.from;
    loop.quarantined = new Set(work.quarantined);
    while (loop.position < work.until && !loop.failure) {
      const page = await store.readAll({ after: loop.position, maxCount: Math.min(work.pageSize, work.until - loop.position) });
      if (page.length === 0) break;
      fresh = loop.fresh(page);
      const outcome = await loop.fold(fresh);
      if (outcome.failure) return false;
    }
    return true;
  } finally {
    db.close();
    await store.close();
  }
}

run().then(
  (ok) => port.postMessage({ t: 'done', failed: !ok } satisfies CatchUpMessage),
  (err) => port.postMessage({ t: 'error', error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies CatchUpMessage),
);
