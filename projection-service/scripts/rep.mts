import { SqliteEventStore } from '@modshelf/events';
import { rmSync } from 'node:fs';
import { ProjectionRunner } from '../src/runner/runner';
import { SqliteProjectionStorage } from '../src/storage/sqlite-storage';
const store = new SqliteEventStore({ path: process.argv[2] });
for (let i = 0; i < Number(process.argv[3] ?? 2); i++) {
  rmSync('/tmp/rp-data', { recursive: true, force: true });
  const runner = new ProjectionRunner(store, new SqliteProjectionStorage('/tmp/rp-data/p.sqlite'));
  const t = performance.now();
  const c0 = process.cpuUsage();
  await runner.catchUp(Number(process.env.UNTIL ?? Number.MAX_SAFE_INTEGER));
  const s = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(c0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  console.log(`cpu ${cpuS.toFixed(2)}s wall ${s.toFixed(2)}s events ${runner.checkpoint()} => ${Math.round(runner.checkpoint() / cpuS)} ev/cpu-s, ${Math.round(runner.checkpoint() / s)} ev/s, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
  if (i === Number(process.argv[3] ?? 2) - 1) { console.log("before gc", process.memoryUsage()); global.gc?.(); console.log(process.memoryUsage()); }
  await runner.close();
}
if (global.gc) global.gc();
console.log(process.memoryUsage());
