import { join } from 'node:path';
import { SqliteEventStore } from '@modshelf/events';
import { replayAndCompare } from '@modshelf/projection-service';
import { loadConfig } from './config';

/**
 * `npm run replay`: rebuilds every projection from the log into a fresh file and
 * compares it with the live read models. Exit code 0 when equal, 1 when not.
 * Safe to run beside a running site (the log is read-only here; SQLite WAL).
 */
const config = loadConfig();
const store = new SqliteEventStore({ path: join(config.dataDir, 'events.db') });
const report = await replayAndCompare({ store, dataDir: config.dataDir, log: (line) => console.error(line) });
await store.close();
console.log(JSON.stringify(report, null, 2));
if (!report.equal) {
  console.error('replay: the rebuilt projections differ from the live ones');
  process.exit(1);
}
console.error(`replay: equal (${report.events} events, ${report.eventsPerSecond} events/s)`);
