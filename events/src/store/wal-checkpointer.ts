import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Listeners } from '../listeners';

/**
 * WAL pages after which a commit checkpoints the log into the file (SQLite's default is 1,000). A checkpoint runs
 * inside the commit that crosses the mark, on the event loop, and fsyncs the WAL and the file: fewer, larger ones
 * copy a page that many commits rewrote (the tail of the table, the stream index) once, and wait for fsync less
 * often. Durability is the same: a commit is in the WAL either way.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * The worker's code, plain CommonJS (it runs as given, under tsx and from the compiled bundle alike): its own
 * connection to the file, and a PASSIVE checkpoint each time it is asked. A passive checkpoint never waits for the
 * writer or the readers, so the event loop's appends go on while it copies pages and fsyncs.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 0');
db.pragma('cache_size = -512');
parentPort.on('message', () => {
  let answer;
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    answer = { walFrames: row.log, checkpointed: row.checkpointed };
  } catch (err) {
    answer = { error: String(err && err.message ? err.message : err) };
  }
  parentPort.postMessage(answer);
});
`;

export interface CheckpointReport {
  /** frames in the WAL when the checkpoint ran, and how many of them are now in the file */
  walFrames?: number;
  checkpointed?: number;
  error?: string;
}

/**
 * Checkpoints a WAL file from a worker thread: `nudge()` after a commit asks for a passive checkpoint when none ran in
 * the last `everyMs` and none is running. The writer's own automatic checkpoint stays as the bound on the WAL's size;
 * when the worker keeps up, it finds (almost) nothing left to copy.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private running = false;
  private last = 0;
  private closed = false;
  private readonly listeners = new Listeners<CheckpointReport>();

  constructor(
    path: string,
    private readonly everyMs = 50,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    // a small heap: the worker holds one connection and answers small messages
    this.worker = new Worker(SOURCE, { eval: true, workerData: { driver, path }, resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 } });
    // never keeps the process alive; a checkpoint cut short by an exit leaves the WAL as it was (SQLite's guarantee)
    this.worker.unref();
    this.worker.on('message', (report: CheckpointReport) => {
      this.running = false;
      this.listeners.emit(report);
    });
    this.worker.on('error', () => {
      // the writer's automatic checkpoint still bounds the WAL; stop asking a worker that is gone
      this.closed = true;
    });
  }

  /** Asks for a checkpoint unless one is running or one ran less than `everyMs` ago. */
  nudge(): void {
    if (this.closed || this.running) return;
    const now = performance.now();
    if (now - this.last < this.everyMs) return;
    this.last = now;
    this.running = true;
    this.worker.postMessage(0);
  }

  /** Calls `listener` with each checkpoint's outcome (tests). */
  onCheckpoint(listener: (report: CheckpointReport) => void): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker.terminate();
  }
}
