import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteReadModels } from './sqlite';
import type { CountsAnswer, CountsRequest } from './sqlite-counts-worker';

/**
 * The counts worker (sqlite-counts-worker.ts starts it): a read-only connection of its own to the read models' file, whose
 * counts (SqliteReadModels.countsSync, one read transaction each) run here, one after the other, not on the site's thread.
 */
const { path, checkpointName } = workerData as { path: string; checkpointName: string };
const db = new Database(path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const models = new SqliteReadModels(db, checkpointName);

parentPort?.on('message', (r: CountsRequest) => {
  let answer: CountsAnswer;
  try {
    answer = { seq: r.seq, counts: models.countsSync(r.q) };
  } catch (err) {
    answer = { seq: r.seq, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer);
});
