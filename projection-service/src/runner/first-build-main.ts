/**
 * A site's first build, in a child process of its own (first-build.ts starts it): every projection of the log at argv[2],
 * up to position argv[4], built into the fresh file argv[3] as `npm run replay` builds (ThreadedBulkStorage: this thread
 * folds, a worker thread writes). It says how far it got and how it ended in JSON lines on stdout (FirstBuildLine), and
 * stops when its parent goes (its stdin closes). Its heap goes with it when it exits, so the site never holds a build's.
 */
import { SqliteEventStore } from '@modshelf/events';
import { ThreadedBulkStorage } from '../storage/threaded-bulk';
import type { FirstBuildLine } from './first-build';
import { ProjectionRunner } from './runner';

/** How often the child says its position. */
const PROGRESS_MS = 2000;

const [eventsPath, target, until] = process.argv.slice(2);
if (!eventsPath || !target || !until) throw new Error('first-build-main <events.db> <target.sqlite> <until>');
const say = (line: FirstBuildLine) => process.stdout.write(`${JSON.stringify(line)}\n`);
// the parent holds the other end of stdin: when it exits, nothing is left to build for
process.stdin.on('end', () => process.exit(1)).resume();

const t = performance.now();
const store = new SqliteEventStore({ path: eventsPath });
const runner = new ProjectionRunner(store, new ThreadedBulkStorage(target), {
  batchSize: 10_000,
  log: (msg, err) => say({ t: 'log', msg: err === undefined ? msg : `${msg}: ${err instanceof Error ? err.message : String(err)}` }),
});
const progress = setInterval(() => say({ t: 'progress', position: runner.checkpoint() }), PROGRESS_MS);
await runner.catchUp(Number(until));
clearInterval(progress);
const done = { position: runner.checkpoint(), events: runner.eventsProjected, failures: runner.failures() };
// the storage's writes are flushed and its file closed: complete once this returns
await runner.close();
await store.close();
say({ t: 'done', ...done, seconds: (performance.now() - t) / 1000 });
process.exit(0);
