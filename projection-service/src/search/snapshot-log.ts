import type Database from 'better-sqlite3';

/**
 * The change log beside a stored snapshot of the search index's in-memory side: while a usable snapshot is stored,
 * each commit appends, in its own transaction, one row per document it touches with the row's state before it
 * (`project_id` and `facets` as `search_docs` held them, null for a new row). `seq` never goes back (AUTOINCREMENT),
 * so a snapshot taken at `seq` S is usable when the log still holds every row after S: the open imports the
 * snapshot and applies only those rows, whatever the catalogue's size. Writing a snapshot deletes the rows it covers.
 */
export const SNAPSHOT_LOG_SCHEMA = `
CREATE TABLE IF NOT EXISTS search_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, rid INTEGER NOT NULL, project_id TEXT, facets TEXT);
`;

/** A row's state when the snapshot was taken (null: the row did not exist then). */
export type Before = { projectId: string; facets: string } | null;

export class SnapshotLog {
  private readonly s;

  constructor(db: Database.Database) {
    db.exec(SNAPSHOT_LOG_SCHEMA);
    this.s = {
      append: db.prepare('INSERT INTO search_log (rid, project_id, facets) VALUES (?, ?, ?)'),
      top: db.prepare<[], number>("SELECT seq FROM sqlite_sequence WHERE name = 'search_log'").pluck(),
      countAfter: db.prepare<[number], number>('SELECT count(*) FROM search_log WHERE seq > ?').pluck(),
      after: db.prepare<[number], { rid: number; project_id: string | null; facets: string | null }>(
        'SELECT rid, project_id, facets FROM search_log WHERE seq > ? ORDER BY seq',
      ),
      trim: db.prepare('DELETE FROM search_log WHERE seq <= ?'),
      trimSome: db.prepare('DELETE FROM search_log WHERE seq IN (SELECT seq FROM search_log WHERE seq <= ? ORDER BY seq LIMIT ?)'),
      clear: db.prepare('DELETE FROM search_log'),
    };
  }

  /** The last sequence number given out (0 before the first). */
  top(): number {
    return this.s.top.get() ?? 0;
  }

  /** Logs a row's state before the change being written (call inside the commit's transaction). */
  append(rid: number, before: Before): void {
    this.s.append.run(rid, before?.projectId ?? null, before?.facets ?? null);
  }

  /**
   * The rows changed after `seq`, each with its state at `seq` (its first logged entry), in the order first changed;
   * null when the log no longer holds every change after `seq` (a later snapshot trimmed it, or it was cleared).
   */
  changesSince(seq: number): { rows: Map<number, Before>; logged: number } | null {
    const logged = this.s.countAfter.get(seq) ?? 0;
    if (!this.wholeSince(seq, logged)) return null;
    const rows = new Map<number, Before>();
    for (const e of this.s.after.iterate(seq)) {
      if (!rows.has(e.rid)) rows.set(e.rid, e.project_id === null || e.facets === null ? null : { projectId: e.project_id, facets: e.facets });
    }
    return { rows, logged };
  }

  /** The log still holds every change after `seq` (`logged`: its entries after `seq`, when already counted). */
  wholeSince(seq: number, logged = this.s.countAfter.get(seq) ?? 0): boolean {
    return logged === this.top() - seq;
  }

  /** Drops the entries a snapshot taken at `seq` covers (in the snapshot's transaction). */
  trim(seq: number): void {
    this.s.trim.run(seq);
  }

  /** Drops at most `count` of the entries a snapshot taken at `seq` covers, the oldest first; returns how many it dropped. */
  trimSome(seq: number, count: number): number {
    return this.s.trimSome.run(seq, count).changes;
  }

  clear(): void {
    this.s.clear.run();
  }
}

/**
 * When a serving index stores a fresh snapshot of its in-memory side (SEARCH_SNAPSHOT_EVERY_CHANGES, SEARCH_SNAPSHOT_EVERY_MS).
 * Measured on the 100k bench catalogue (load 3-9): a snapshot (11 MB) taken on the event loop blocked it 0.19-0.38 s; taken by
 * the worker (snapshot-keeper.ts), the event loop's longest stall was 4-16 ms after 5,000 logged rows and 16-25 ms after 50,000
 * (bench/search-snapshot-stall.ts): it does not grow with the catalogue. An open applies 10,000 changed rows to a snapshot in about 0.45 s (every row: 1.4-1.6 s).
 */
export const SNAPSHOT_EVERY = { changes: 50_000, ms: 600_000 };

export interface SnapshotPolicy {
  /** after this many logged row changes (0: only at close) */
  everyChanges: number;
  /** after this long (ms) with a change logged (0: only at close) */
  everyMs: number;
}

/** How the in-memory side was loaded at open. */
export interface SearchLoad {
  /** a snapshot valid as it was, a snapshot and the rows changed after it, or every row */
  from: 'snapshot' | 'snapshot+delta' | 'rows';
  /** rows read: those changed after the snapshot, or every row */
  rows: number;
  /** time the open took to load it (ms) */
  ms: number;
}

/**
 * After a commit, whether to store a fresh snapshot: with none usable, at once; else once `everyChanges` rows were logged,
 * or `everyMs` passed with one logged. Never while paused (a long catch-up) or under a policy of zeros.
 */
export function snapshotDue(policy: SnapshotPolicy, s: { usable: boolean; since: number; at: number; paused: boolean }, now = Date.now()): boolean {
  const { everyChanges, everyMs } = policy;
  if ((everyChanges <= 0 && everyMs <= 0) || s.paused) return false;
  return !s.usable || (everyChanges > 0 && s.since >= everyChanges) || (everyMs > 0 && s.since > 0 && now - s.at >= everyMs);
}
