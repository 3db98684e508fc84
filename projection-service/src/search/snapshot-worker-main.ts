import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SqliteSearchIndex } from './sqlite-search';
import { SnapshotTokens, writeFileDurably } from './snapshot-file';
import type { WorkerAnswer } from './snapshot-worker';

/**
 * The snapshot worker (snapshot-worker.ts starts it): on each message, in one read transaction of its own connection,
 * it loads the search index's in-memory side as an open does (the stored snapshot and the rows logged after it, or every
 * row) and encodes it with the log's sequence number; then it writes the snapshot file. The event loop's commits go on
 * meanwhile (a WAL reader holds no lock a writer waits for).
 */
const { dbPath, name, filePath } = workerData as { dbPath: string; name: string; filePath: string };
const db = new Database(dbPath, { readonly: true });
db.pragma('busy_timeout = 10000');

parentPort?.on('message', () => {
  let answer: WorkerAnswer;
  try {
    const taken = db.transaction(() => {
      const token = new SnapshotTokens(db, name).current();
      const encoded = token === undefined ? null : new SqliteSearchIndex(db, name).encodeSync(token);
      return encoded && token !== undefined ? { ...encoded, token } : null;
    })();
    if (taken === null) answer = { error: 'no token, or a project id that cannot be encoded' };
    else {
      writeFileDurably(filePath, taken.bytes);
      answer = { seq: taken.seq, token: taken.token, bytes: taken.bytes.length };
    }
  } catch (err) {
    answer = { error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer);
});
