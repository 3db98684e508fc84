/**
 * The scale bench's build phase alone, for A/B runs and profiles (not part of `npm run bench`):
 *   build-only <events.db> <dir>: builds every projection of the log (bulk) into <dir>/projections.sqlite, from empty,
 *   and prints the events, wall seconds, and the process's CPU seconds (user+sys) of the build.
 * BUILD_PROFILE=<file> writes a CPU profile of the build (this thread's). BUILD_THREADED=0 builds with the writes on this thread
 * (SqliteProjectionStorage, bulk) instead of a worker's (ThreadedBulkStorage, as the scale bench and replay do).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { SqliteEventStore } from '@modshelf/events';
import { ProjectionRunner, SqliteProjectionStorage, ThreadedBulkStorage, projectionsPath } from '@modshelf/projection-service';

const [events, dir] = process.argv.slice(2);
if (!events || !dir) throw new Error('build-only <events.db> <dir>');
for (const suffix of ['', '-wal', '-shm']) rmSync(projectionsPath(dir) + suffix, { force: true });
const store = new SqliteEventStore({ path: events });
const session = process.env.BUILD_PROFILE ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
}
const t = performance.now();
const cpu = process.cpuUsage();
const storage =
  process.env.BUILD_THREADED === '0' ? new SqliteProjectionStorage(projectionsPath(dir), { bulk: true }) : new ThreadedBulkStorage(projectionsPath(dir));
const runner = new ProjectionRunner(store, storage, {
  batchSize: 10_000,
  buildBatchSize: process.env.BUILD_BATCH ? Number(process.env.BUILD_BATCH) : undefined,
});
await runner.start();
await runner.ready;
const built = runner.checkpoint();
const seconds = (performance.now() - t) / 1000;
const used = process.cpuUsage(cpu);
await runner.close();
const closeSeconds = (performance.now() - t) / 1000 - seconds;
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.BUILD_PROFILE!, JSON.stringify(profile));
}
await store.close();
const cpuSeconds = (used.user + used.system) / 1e6;
console.log(
  JSON.stringify({
    events: built,
    seconds: Math.round(seconds * 100) / 100,
    events_per_s: Math.round(built / seconds),
    user_s: used.user / 1e6,
    sys_s: used.system / 1e6,
    cpu_s: cpuSeconds,
    events_per_cpu_s: Math.round(built / cpuSeconds),
    close_s: Math.round(closeSeconds * 100) / 100,
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    // the build's reads of its own file (RebuildReads), and how many of them had the worker commit its window first
    storage_reads: runner.lastBuild?.storageReads ?? null,
    window_commits_for_reads: storage instanceof ThreadedBulkStorage ? storage.windowCommitsForReads : null,
  }),
);
