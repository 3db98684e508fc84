import Database from 'better-sqlite3';
import { join } from 'node:path';
import { SqliteCredentialStore, openSqliteFile, type CredentialStore } from '@modshelf/events';

export interface ThrottleCount {
  count: number;
  /** epoch ms at which the window ends and the count starts again */
  resetAt: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS attempt_throttle (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
) WITHOUT ROWID;`;

/**
 * Fixed-window counters in a SQLite table, so every replica sharing the file counts
 * the same attempts and a restart forgets none. An increment is one UPSERT (atomic
 * under SQLite's write lock): a count whose window ended starts again at 1.
 */
export class ThrottleTable {
  private readonly own: boolean;
  private readonly db: Database.Database;
  private readonly stmts;
  private hits = 0;

  constructor(target: string | Database.Database) {
    this.own = typeof target === 'string';
    if (typeof target === 'string') {
      this.db = openSqliteFile(target);
    } else this.db = target;
    this.db.exec(SCHEMA);
    this.stmts = {
      hit: this.db.prepare<{ key: string; now: number; resetAt: number }, { count: number; reset_at: number }>(`
        INSERT INTO attempt_throttle (key, count, reset_at) VALUES (@key, 1, @resetAt)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
          reset_at = CASE WHEN reset_at <= @now THEN @resetAt ELSE reset_at END
        RETURNING count, reset_at`),
      get: this.db.prepare<[string, number], { count: number; reset_at: number }>(
        'SELECT count, reset_at FROM attempt_throttle WHERE key = ? AND reset_at > ?',
      ),
      del: this.db.prepare('DELETE FROM attempt_throttle WHERE key = ?'),
      sweep: this.db.prepare('DELETE FROM attempt_throttle WHERE reset_at <= ?'),
    };
  }

  /** Counts one attempt on `key` in a window of `windowMs` starting at the first attempt. */
  hit(key: string, windowMs: number, now: number): ThrottleCount {
    const r = this.stmts.hit.get({ key, now, resetAt: now + windowMs })!;
    if (++this.hits % 1000 === 0) this.stmts.sweep.run(now);
    return { count: r.count, resetAt: r.reset_at };
  }

  /** The running window's count, or null when there is none. */
  get(key: string, now: number): ThrottleCount | null {
    const r = this.stmts.get.get(key, now);
    return r ? { count: r.count, resetAt: r.reset_at } : null;
  }

  delete(key: string): void {
    this.stmts.del.run(key);
  }

  close(): void {
    if (this.own && this.db.open) this.db.close();
  }
}

/** The throttle table for an account service: in the credential vault's file when it is SQLite, else DATA_DIR/throttle.db. */
export function throttleTableFor(credentials: CredentialStore, dataDir: string): ThrottleTable {
  return credentials instanceof SqliteCredentialStore ? new ThrottleTable(credentials.db) : new ThrottleTable(join(dataDir, 'throttle.db'));
}
