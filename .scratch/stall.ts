import Database from 'better-sqlite3';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { SqliteSearchIndex } from '../projection-service/src/search/sqlite-search';
import { sampleDoc } from '../projection-service/src/search/contract';
import type { SearchChange } from '../projection-service/src/search/port';

const path = process.argv[2];
const db = new Database(path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
const index = new SqliteSearchIndex(db, 'projections', { everyChanges: 1_000_000_000, everyMs: 0 });
console.log('open', index.load);
const ids = db.prepare<[], string>('SELECT project_id FROM search_docs ORDER BY rid LIMIT 5000').pluck().all();
let version = 0;
async function churn(n: number) {
  version += 1;
  for (let i = 0; i < n; i += 500) {
    const at = i % ids.length;
    const batch: SearchChange[] = ids.slice(at, at + 500).map((id, j) => ({ projectId: id, doc: sampleDoc(id, { title: `churn ${version} ${j}`, downloads: version * 1000 + j, follows: j % 50 }) }));
    await index.commit(batch, index.checkpointSync() + 1);
  }
}
const h = monitorEventLoopDelay({ resolution: 1 });
let maxGap = 0;
let last = performance.now();
async function window(label: string, run: () => Promise<void> | void) {
  await churn(Number(process.env.CHURN ?? 5000));
  const tick = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 1);
  h.enable();
  await new Promise((r) => setTimeout(r, 100));
  h.reset();
  maxGap = 0;
  last = performance.now();
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  await run();
  await new Promise((r) => setTimeout(r, 50));
  const elu = performance.eventLoopUtilization(elu0);
  h.disable();
  clearInterval(tick);
  const crashed = new SqliteSearchIndex(new Database(path), 'projections');
  console.log(JSON.stringify({ label, wall_ms: Math.round(performance.now() - t0), loop_delay_max_ms: +(h.max / 1e6).toFixed(1), max_tick_gap_ms: Math.round(maxGap), loop_busy_ms: Math.round(elu.active), open_after: crashed.load }));
  crashed.db.close();
}
// the first commit after a load from the rows asks the worker for a snapshot at once: let it finish first
await churn(500);
await index.snap.settled();
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  await window('before: snapshot on the event loop (saveSnapshotSync, in the projections file)', () => index.saveSnapshotSync());
  await window('after: snapshot in the worker (file beside it) + trim commit', async () => {
    index.snap.takeInWorker();
    const w = (index.snap as unknown as { taking: Promise<void> | null }).taking;
    if (!w) console.log('no job');
    await index.snap.settled();
  });
}
await index.snap.stop();
