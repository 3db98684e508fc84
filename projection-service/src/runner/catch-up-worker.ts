import { SqliteEventStore, type EventStore } from '@modshelf/events';
import { startWorker } from '../worker-entry';
import type { ProjectionStorage } from '../storage/port';
import type { BatchLoop } from './batch-loop';
import { unpackChanges } from '../storage/threaded-bulk-pack';
import type { StoredChange } from '../read-model/stored-change';
import type { CatchUpMessage, CatchUpWork } from './catch-up-worker-main';
import { loadQuarantine } from './quarantine';
import { searchChangesOfWritten } from '../projectors/search-changes';

/**
 * A catch-up of at least this many events into a serving SQLite storage folds the log on a worker thread while the event
 * loop commits what it hands over (catchUpInWorker); a shorter one is folded on the event loop.
 */
export const CATCH_UP_WORKER_MIN = 50_000;
/** Events of one worker round: its reads hold every document the round changed (WindowReads), so a longer catch-up takes several. */
export const CATCH_UP_ROUND = 250_000;
/** Events a page of a worker round: smaller than a catch-up's page in one thread, so committing one overlaps folding the next. */
export const CATCH_UP_WORKER_PAGE = 10_000;

/**
 * The young generation of a catch-up worker, in MiB: three semi-spaces of 64 (V8's default semi-space is 16 MiB). The fold's
 * short-lived objects (parsed events, documents, their serialized forms) then die in far fewer scavenges. The 1M live catch-up
 * (bench/live-catch-up.ts, 136,370 events, five pairs alternated): 16.3k-21.5k events/s against 15.1k-18.8k with the default,
 * faster in each pair, 10.7-14.5 CPU-s against 11.8-15.1, the process's peak RSS 1,011-1,112 MiB against 997-1,061.
 */
export const CATCH_UP_WORKER_YOUNG_MB = 192;

/**
 * Where a worker round commits: the serving storage's commit of serialized documents, on the event loop, with the search
 * changes of the projects the batch touched, made here from the documents committed (searchChangesOfWritten).
 */
export type CommitStored = (docs: readonly StoredChange[], touched: readonly string[], position: number, passed: number) => void;

/** How a round ended: done, or stopped early and why (the event loop's own catch-up goes on from the position committed). */
export type RoundEnd = { done: true } | { done: false; why: string };

/**
 * One round of a catch-up on a worker thread (catch-up-worker-main.ts): it reads the log from `work.from` to `work.until`
 * and folds it, and each batch it hands over is committed here by `commit`, in order. Resolves done when the round is; not
 * done when the worker stopped early: a projector threw (the event loop's own catch-up then meets the same event and halts
 * there as it does), the worker failed, or `stopped()`. Rejects with a commit's error (the worker is stopped).
 */
export function catchUpInWorker(work: CatchUpWork, commit: CommitStored, stopped: () => boolean): Promise<RoundEnd> {
  const worker = startWorker(import.meta.url, 'projection-catch-up-worker.js', 'catch-up-worker-main.ts', work, {
    maxYoungGenerationSizeMb: CATCH_UP_WORKER_YOUNG_MB,
  });
  return new Promise<RoundEnd>((resolve, reject) => {
    let settled = false;
    const end = (settle: () => void) => {
      if (settled) return;
      settled = true;
      settle();
      void worker.terminate();
    };
    worker.on('message', (m: CatchUpMessage) => {
      if (settled) return;
      if (m.t === 'done') return end(() => resolve(m.failed ? { done: false, why: 'a projector threw' } : { done: true }));
      if (m.t === 'error') return end(() => resolve({ done: false, why: `the worker failed: ${m.error}` }));
      if (stopped()) return end(() => resolve({ done: false, why: 'stopped' }));
      try {
        commit(unpackChanges(m.docs), m.touched, m.position, m.passed);
      } catch (err) {
        return end(() => reject(err));
      }
      worker.postMessage('ack');
    });
    worker.on('error', (err) => end(() => resolve({ done: false, why: `the worker failed: ${String(err)}` })));
    worker.on('exit', (code) => end(() => resolve({ done: false, why: `the worker exited (${code})` })));
  });
}

/** What workerRounds takes of the runner. */
export interface WorkerRoundsHost {
  store: EventStore;
  storage: ProjectionStorage;
  loop: BatchLoop;
  sizes: { min: number; round: number; page: number };
  /** the catch-up's last position */
  until: number;
  /** opens the storage's catchingUp window (once) */
  openWindow(): void;
  stopped(): boolean;
  /** wakes the waiters on positions committed */
  notify(): void;
  log(msg: string): void;
}

/**
 * The catch-up's events (up to `until`) folded on a worker thread and committed on this one, in rounds of `sizes.round` events
 * while `sizes.min` remain, when the log is a SQLite file and the storage can (workerCatchUp): this thread commits a batch
 * while the worker folds the next, and serves requests in between. Each round commits the catchingUp window before the next,
 * whose worker reads the storage through its own connection. A round that stops early (a projector threw, the worker failed)
 * leaves the rest to the runner's catch-up in this thread, which meets the failing event and halts as it does.
 * Answers the rounds and events folded on a worker (null: none).
 */
export async function workerRounds(host: WorkerRoundsHost): Promise<{ rounds: number; events: number } | null> {
  const { store, loop, sizes } = host;
  const target = host.storage.workerCatchUp;
  const eventsPath = store instanceof SqliteEventStore && !store.db.memory ? store.db.name : null;
  if (!target || !eventsPath) return null;
  const head = Math.min(host.until, await store.headPosition());
  const worked = { rounds: 0, events: 0 };
  for (let round = 0; !host.stopped() && !loop.failure && head - loop.position >= sizes.min; round++) {
    host.openWindow();
    if (round > 0) target.commitWindow();
    const before = loop.eventsProjected;
    const end = await catchUpInWorker(
      {
        eventsPath,
        projectionsPath: target.path,
        from: loop.position,
        until: Math.min(head, loop.position + sizes.round),
        pageSize: sizes.page,
        quarantined: [...loop.quarantined],
        appliesOnce: host.storage.appliesOnce === true,
      },
      (docs, touched, position, passed) => {
        // the storage before this batch (the window holds the batches before it), and the batch's own documents
        target.commitStored(docs, searchChangesOfWritten(touched, docs, target.read), position);
        loop.advance(position, passed);
        host.notify();
      },
      host.stopped,
    );
    worked.rounds += 1;
    worked.events += loop.eventsProjected - before;
    // operators' decisions among the events the round passed, for what this thread folds after it
    loop.quarantined = await loadQuarantine(store);
    if (!end.done) {
      if (!host.stopped()) host.log(`catch-up worker stopped at position ${loop.position} (${end.why}); the catch-up goes on in this thread`);
      break;
    }
  }
  return worked.rounds > 0 ? worked : null;
}

/** The sizes of a runner's catch-up rounds on a worker (RunnerOptions.catchUpWorker; defaults above), or null: never. */
export function workerSizes(option: { min?: number; round?: number; page?: number } | false | undefined): WorkerRoundsHost['sizes'] | null {
  if (option === false) return null;
  return { min: option?.min ?? CATCH_UP_WORKER_MIN, round: option?.round ?? CATCH_UP_ROUND, page: option?.page ?? CATCH_UP_WORKER_PAGE };
}
