/**
 * `npx tsx bench/search-snapshot-stall.ts COPY_OF/projections.sqlite [changes]`: the event loop's cost of the search index's
 * periodic snapshot on a built projections file (a copy: it is written), taken alternately the two ways, after `changes`
 * (5,000) logged row changes each: on the event loop into the projections file (`saveSnapshotSync`, what close does and
 * what periodic snapshots did before the worker), and by the worker into the snapshot file, with the commit that trims the
 * log. Prints per window the longest gap between 1 ms ticks, the event loop's busy time, the whole process's CPU (the worker
 * included) and how an open after it loads (the search part of a start after a crash).
 */
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { sampleDoc } from '../projection-service/src/search/contract';
import type { SearchChange } from '../projection-service/src/search/port';
import { SqliteSearchIndex } from '../projection-service/src/search/sqlite-search';

const [path, changesArg] = process.argv.slice(2);
if (!path) throw new Error('usage: bench/search-snapshot-stall.ts COPY_OF/projections.sqlite [changes]');
const changes = Number(changesArg ?? 5000);
const db = new Database(path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
// periodic snapshots on: the worker exists; the due rule itself is never reached (every window asks for its snapshot)
const index = new SqliteSearchIndex(db, 'projections', { everyChanges: 1e12, everyMs: 0 });
console.log(JSON.stringify({ open: index.load }));
const ids = db.prepare<[], string>('SELECT project_id FROM search_docs ORDER BY rid LIMIT 5000').pluck().all();
let version = 0;

async function churn(n: number) {
  version += 1;
  for (let i = 0; i < n; i += 500) {
    const at = i % ids.length;
    const batch: SearchChange[] = ids.slice(at, at + 500).map((id, j) => ({
      projectId: id,
      doc: sampleDoc(id, { title: `churn ${version} ${j}`, downloads: version * 1000 + j, follows: j % 50 }),
    }));
    await index.commit(batch, index.checkpointSync() + 1);
  }
}

async function window(how: string, run: () => Promise<void> | void) {
  await churn(changes);
  let maxGap = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 1);
  await new Promise((r) => setTimeout(r, 100));
  [maxGap, last] = [0, performance.now()];
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  await new Promise((r) => setTimeout(r, 50));
  const busy = performance.eventLoopUtilization(elu0).active;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(tick);
  const crashed = new SqliteSearchIndex(new Database(path), 'projections');
  const open = crashed.load;
  crashed.db.close();
  const ms = (x: number) => Math.round(x);
  console.log(
    JSON.stringify({
      how,
      changes,
      wall_ms: ms(performance.now() - t0),
      max_stall_ms: ms(maxGap),
      loop_busy_ms: ms(busy),
      process_cpu_ms: ms((cpu.user + cpu.system) / 1000),
      open_after: open,
    }),
  );
}

// the first commit after a load from the rows asks the worker for a snapshot at once: let it finish first
await churn(500);
await index.snap.settled();
for (let round = 0; round < 3; round++) {
  await window('event loop', () => index.saveSnapshotSync());
  await window('worker', async () => {
    index.snap.takeInWorker();
    await index.snap.settled();
  });
}
await index.snap.stop();
db.close();
