/**
 * A process that builds the projections of a SQLite log into a projections file, in small
 * transactions, for a test to kill mid-build: `node --import tsx build-child.ts <events.db> <projections.sqlite>`.
 */
import { SqliteEventStore } from '@modshelf/events';
import { ProjectionRunner } from '../runner/runner';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';

const [eventsPath, projectionsFile] = process.argv.slice(2);
const store = new SqliteEventStore({ path: eventsPath });
const runner = new ProjectionRunner(store, new SqliteProjectionStorage(projectionsFile), { buildBatchSize: 100 });
await runner.catchUp();
await runner.close();
await store.close();
