import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openSqliteFile } from '@modshelf/events';

/**
 * Where a process keeps its journal of one kind of count. A journal has one writer, whose restart
 * drains it: processes sharing a data dir (replicas) each name theirs by their replica id.
 */
export function countJournalPath(dataDir: string, kind: 'downloads' | 'views', replicaId?: string): string {
  return join(dataDir, replicaId ? `${kind}-journal-${replicaId}.db` : `${kind}-journal.db`);
}

export interface CountJournalOptions {
  /** SQLite file, or ':memory:' (not durable) */
  path: string;
  /**
   * WAL synchronous setting. 'normal' (default): a commit is written to the WAL file (the OS holds it), so it
   * survives the process being killed, not a power loss or OS crash. 'full': the WAL is fsynced on every commit.
   */
  synchronous?: 'normal' | 'full';
}

/** Counts of one fold for one project: version id ('' for none) -> count. */
export interface FoldPart {
  projectId: string;
  byVersion: Map<string, number>;
}

export interface Fold {
  /** the command id the fold's events carry: how a restart knows whether they were appended */
  commandId: string;
  /** when the fold started (ms): its events are not older */
  started: number;
  parts: FoldPart[];
}

interface Pending {
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * The counted downloads (or page views) not yet appended as events, in a SQLite file (WAL). `add` queues one;
 * those added in one turn of the event loop are committed in one transaction (a row per project and version), and
 * `committed()` settles after that commit (group commit). A fold claims every unclaimed row under a new
 * command id; once its events are appended the fold's rows are deleted per project. A crash between the append
 * and the delete leaves the fold's rows claimed: `claimedFolds()` returns them so the owner can check the log.
 */
export class CountJournal {
  private readonly db: Database.Database;
  private readonly stmts;
  private readonly insertMany;
  private readonly claimTx;
  /** counts added this turn: project -> version ('' for none) -> count */
  private queue = new Map<string, Map<string, number>>();
  private waiting: Pending[] = [];
  private scheduled = false;

  constructor(options: CountJournalOptions) {
    this.db = openSqliteFile(options.path, { synchronous: options.synchronous ?? 'normal' });
    this.db.exec(`CREATE TABLE IF NOT EXISTS counted (id INTEGER PRIMARY KEY, project TEXT NOT NULL, version TEXT NOT NULL, n INTEGER NOT NULL, fold INTEGER);
      CREATE INDEX IF NOT EXISTS counted_fold ON counted (fold);
      CREATE TABLE IF NOT EXISTS folds (id INTEGER PRIMARY KEY, command_id TEXT NOT NULL, started INTEGER NOT NULL);`);
    this.stmts = {
      insert: this.db.prepare('INSERT INTO counted (project, version, n) VALUES (?, ?, ?)'),
      newFold: this.db.prepare('INSERT INTO folds (command_id, started) VALUES (?, ?)'),
      claim: this.db.prepare('UPDATE counted SET fold = ? WHERE fold IS NULL'),
      sums: this.db.prepare<[number], { project: string; version: string; n: number }>(
        'SELECT project, version, SUM(n) AS n FROM counted WHERE fold = ? GROUP BY project, version ORDER BY project',
      ),
      folds: this.db.prepare<[], { id: number; command_id: string; started: number }>(
        'SELECT id, command_id, started FROM folds WHERE id IN (SELECT DISTINCT fold FROM counted WHERE fold IS NOT NULL)',
      ),
      doneProject: this.db.prepare('DELETE FROM counted WHERE fold = ? AND project = ?'),
      release: this.db.prepare('UPDATE counted SET fold = NULL WHERE fold = ? AND project = ?'),
      dropFolds: this.db.prepare('DELETE FROM folds WHERE id NOT IN (SELECT DISTINCT fold FROM counted WHERE fold IS NOT NULL)'),
      unclaimed: this.db.prepare<[], number>('SELECT COUNT(*) FROM counted WHERE fold IS NULL').pluck(),
    };
    this.insertMany = this.db.transaction((rows: Map<string, Map<string, number>>) => {
      for (const [p, byVersion] of rows) for (const [v, n] of byVersion) this.stmts.insert.run(p, v, n);
    });
    this.claimTx = this.db.transaction((commandId: string, started: number): number | null => {
      if (this.stmts.unclaimed.get() === 0) return null;
      const fold = Number(this.stmts.newFold.run(commandId, started).lastInsertRowid);
      this.stmts.claim.run(fold);
      return fold;
    });
  }

  /** Queues one counted row; it is committed with the others of this turn (see committed()). */
  add(projectId: string, versionId: string | null): void {
    let byVersion = this.queue.get(projectId);
    if (!byVersion) this.queue.set(projectId, (byVersion = new Map()));
    byVersion.set(versionId ?? '', (byVersion.get(versionId ?? '') ?? 0) + 1);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.commit());
    }
  }

  /** Settles once every row added so far is committed (at once when none waits). */
  committed(): Promise<void> {
    if (this.queue.size === 0) return Promise.resolve();
    return new Promise((resolve, reject) => void this.waiting.push({ resolve, reject }));
  }

  /** Commits the queued rows in one transaction, then settles their waiters. */
  commit(): void {
    const rows = this.queue;
    const waiting = this.waiting;
    this.queue = new Map();
    this.waiting = [];
    this.scheduled = false;
    try {
      if (rows.size) this.insertMany(rows);
    } catch (err) {
      for (const w of waiting) w.reject(err);
      return;
    }
    for (const w of waiting) w.resolve();
  }

  /** Claims every committed, unclaimed row for a new fold; null when there is none. */
  claim(commandId: string, started: number): Fold | null {
    this.commit();
    const fold = this.claimTx.immediate(commandId, started);
    return fold === null ? null : { commandId, started, parts: this.parts(fold) };
  }

  /** Folds claimed earlier whose rows are still here (the process stopped before finishing them). */
  claimedFolds(): Array<Fold & { id: number }> {
    return this.stmts.folds.all().map((f) => ({ id: f.id, commandId: f.command_id, started: f.started, parts: this.parts(f.id) }));
  }

  /** The project's counts of a fold are in the log: forget them. */
  done(commandId: string, projectId: string): void {
    const fold = this.foldId(commandId);
    if (fold !== null) this.stmts.doneProject.run(fold, projectId);
  }

  /** The project's counts of a fold never reached the log: unclaim them for the next fold. */
  release(commandId: string, projectId: string): void {
    const fold = this.foldId(commandId);
    if (fold !== null) this.stmts.release.run(fold, projectId);
  }

  /** Forgets fold records with no rows left. */
  tidy(): void {
    this.stmts.dropFolds.run();
  }

  /** Counts not yet in the log (claimed or not). */
  size(): number {
    return this.db.prepare<[], number>('SELECT COALESCE(SUM(n), 0) FROM counted').pluck().get() ?? 0;
  }

  close(): void {
    this.commit();
    if (this.db.open) this.db.close();
  }

  private foldId(commandId: string): number | null {
    return this.db.prepare<[string], number>('SELECT id FROM folds WHERE command_id = ?').pluck().get(commandId) ?? null;
  }

  private parts(fold: number): FoldPart[] {
    const byProject = new Map<string, Map<string, number>>();
    for (const r of this.stmts.sums.all(fold)) {
      let m = byProject.get(r.project);
      if (!m) byProject.set(r.project, (m = new Map()));
      m.set(r.version, r.n);
    }
    return [...byProject].map(([projectId, byVersion]) => ({ projectId, byVersion }));
  }
}
