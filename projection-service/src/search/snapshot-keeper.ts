import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { SnapshotTokens, snapshotFilePath } from './snapshot-file';
import type { SnapshotLog, SnapshotPolicy } from './snapshot-log';
import { SnapshotWorker, type WorkerAnswer } from './snapshot-worker';

/** Log entries a commit trims after a snapshot file is in place (50,000 in one commit held the event loop 29-35 ms at 100k). */
const TRIM_STEP = 5000;

/** Where the search index's stored snapshot stands. */
export interface SnapshotState {
  /** a snapshot is stored (when it is not usable, the next commit drops it) */
  stored: boolean;
  /** commits log the rows they change (snapshot-log.ts): a usable snapshot is stored, or the worker is taking one */
  logging: boolean;
  /** row changes logged since the stored snapshot */
  since: number;
  /** when the stored snapshot was taken or loaded (ms) */
  at: number;
  /** while the runner catches up a long lag, commits store no snapshot */
  paused: boolean;
}

/**
 * The search index's stored snapshot: its state, the token of the snapshot file (snapshot-file.ts) and the worker that
 * writes the periodic snapshots to that file, off the event loop. An in-memory database has no file and no worker: its
 * commits store them in the database, on the event loop, as close does.
 */
export class SnapshotKeeper {
  readonly state: SnapshotState = { stored: false, logging: false, since: 0, at: Date.now(), paused: false };
  readonly tokens: SnapshotTokens;
  /** the snapshot file (null: an in-memory database) */
  readonly file: string | null;
  private readonly worker: SnapshotWorker | null;
  /** the worker's snapshot being taken, until its answer is adopted */
  private taking: Promise<void> | null = null;

  constructor(
    private readonly db: Database.Database,
    name: string,
    private readonly log: SnapshotLog,
    policy: SnapshotPolicy,
    /** deletes the snapshot stored in the database */
    private readonly dropInFile: () => void,
  ) {
    this.tokens = new SnapshotTokens(db, name);
    this.file = snapshotFilePath(db, name);
    const periodic = policy.everyChanges > 0 || policy.everyMs > 0;
    this.worker = periodic && this.file ? new SnapshotWorker({ dbPath: db.name, name, filePath: this.file }) : null;
  }

  /**
   * Asks the worker for a snapshot file (false: there is no worker; true also while it is taking one). Commits log their
   * rows from now on if they did not, so the log holds every change after the worker's read; a log without a usable
   * snapshot starts afresh, under a new token.
   */
  takeInWorker(): boolean {
    const worker = this.worker;
    if (!worker) return false;
    if (worker.busy || !this.db.open || this.db.inTransaction) return true;
    const fresh = !this.state.logging;
    const start = this.db.transaction(() => {
      if (!fresh) return void this.tokens.ensure();
      this.dropInFile();
      this.log.clear();
      this.tokens.renew();
    });
    try {
      start.immediate();
    } catch {
      return true;
    }
    if (fresh) Object.assign(this.state, { stored: false, logging: true, since: 0 });
    const job = worker.take()?.then((answer) => this.adopt(answer));
    this.taking = job ?? null;
    void job?.finally(() => {
      if (this.taking === job) this.taking = null;
    });
    return true;
  }

  /**
   * The worker wrote a snapshot file: while it is still this database's newest (no drop, reset or snapshot stored in the
   * database since), the log entries it covers go, `TRIM_STEP` at a time in commits of their own, one event-loop turn
   * apart (a crash before or between them leaves the new file usable, with a longer log). An older snapshot stored in the database stays until the next close replaces it (deleting it would free
   * its pages on the event loop: about 50 ms for the 110 MB of 1M projects); an open tries the file first.
   */
  private async adopt(answer: WorkerAnswer): Promise<void> {
    if ('error' in answer || !this.db.open || !this.state.logging) return;
    // a drop or reset since (another token), or a snapshot stored in the database since (it trimmed the log past `seq`)
    if (this.tokens.current() !== answer.token || !this.log.wholeSince(answer.seq)) return;
    Object.assign(this.state, { stored: true, since: this.log.top() - answer.seq, at: Date.now() });
    const step = this.db.transaction(() => this.log.trimSome(answer.seq, TRIM_STEP));
    try {
      while (this.db.open && !this.db.inTransaction && step.immediate() === TRIM_STEP) await new Promise((r) => setImmediate(r));
    } catch {
      // the entries left are trimmed by the next snapshot
    }
  }

  /** A snapshot was stored in the database: the older snapshot file goes (an open would read it first, in vain). */
  superseded(): void {
    if (this.file) rmSync(this.file, { force: true });
  }

  /** Settles once the worker's snapshot being taken (if any) is adopted or given up. */
  async settled(): Promise<void> {
    await this.taking;
  }

  /** Stops the worker (before the database closes). */
  async stop(): Promise<void> {
    await this.worker?.stop();
    await this.taking;
  }
}
