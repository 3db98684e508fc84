/**
 * The scale bench's live catch-up in a process of its own (bench/build-process.ts's catchUpInChild starts it, as a site catches
 * up when it starts after its log grew), not in the bench's process, whose heap holds what its earlier sections left:
 *   catch-up-only <events.db> <dir>: catches the projections in <dir> up to the head of the log with the site's storage settings
 *   (startProjections': its WAL is copied into the file by the checkpoint worker after the catch-up, timed apart), then prints
 *   the events, wall seconds, the process's CPU seconds over it (every thread: the catch-up worker's at 1M) and the checkpoint's.
 */
import { SqliteEventStore } from '@modshelf/events';
import { ProjectionRunner, SqliteProjectionStorage, projectionsPath } from '@modshelf/projection-service';
import { log, timedCatchUp } from './util';

/** When the checkpoint worker has copied the whole WAL into the file (performance.now()), or gave up (10 minutes, an error). */
function walCopied(checkpointer: NonNullable<SqliteProjectionStorage['checkpointer']>): Promise<number> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(), 600_000);
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve(performance.now());
    };
    const stop = checkpointer.onCheckpoint((r) => {
      if (r.error || r.checkpointed === r.walFrames) done();
      // a passive checkpoint that found a page in use copied part of the WAL: ask again once the worker may run
      else setTimeout(() => checkpointer.nudge(), 60);
    });
  });
}

const [events, dir] = process.argv.slice(2);
if (!events || !dir) throw new Error('catch-up-only <events.db> <dir>');
const store = new SqliteEventStore({ path: events });
const storage = new SqliteProjectionStorage(projectionsPath(dir), { checkpointWorker: true });
const before = await storage.checkpoint();
const head = await store.headPosition();
const runner = new ProjectionRunner(store, storage, { batchSize: 4000, log: (m, e) => log(`projections: ${m} ${e ?? ''}`) });
const walCheckpointed = storage.checkpointer ? walCopied(storage.checkpointer) : null;
// as the site does: from the stored checkpoint to the head, then tailing (stopped right after)
const { seconds, cpu: used, startedAt } = await timedCatchUp(runner);
const walCheckpointSeconds = walCheckpointed ? ((await walCheckpointed) - startedAt) / 1000 - seconds : null;
await runner.close();
await storage.close();
await store.close();
if (runner.checkpoint() !== head) throw new Error(`catch-up stopped at ${runner.checkpoint()} of ${head}`);
console.log(JSON.stringify({ events: runner.checkpoint() - before, seconds, cpu_s: (used.user + used.system) / 1e6, wal_checkpoint_s: walCheckpointSeconds }));
