import Database from 'better-sqlite3';
import type { Claim, IdempotencyStore, StoredAnswer } from './idempotency-store';
import { openSqliteFile } from '@modshelf/events';

interface Row {
  fingerprint: string;
  state: 'running' | 'done' | 'interrupted';
  position: number | null;
  status: number | null;
  headers: string | null;
  body: string | null;
}

/** Keys live for a day, as payment APIs keep them. */
const TTL_MS = 24 * 60 * 60 * 1000;

export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly db: Database.Database;
  private readonly stmts;
  private lastSweep = 0;

  constructor(path: string) {
    this.db = openSqliteFile(path);
    this.db.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
      scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, state TEXT NOT NULL,
      status INTEGER, headers TEXT, body TEXT, created INTEGER NOT NULL, position INTEGER,
      PRIMARY KEY (scope, key))`);
    const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(idempotency_keys)').all();
    if (!columns.some((c) => c.name === 'position')) this.db.exec('ALTER TABLE idempotency_keys ADD COLUMN position INTEGER');
    // a request that was running when the process died never answered, but its command may have been
    // appended: a retry looks for it in the log after the claim's position before running it again
    this.db.exec(`UPDATE idempotency_keys SET state = 'interrupted' WHERE state = 'running'`);
    this.stmts = {
      insert: this.db.prepare(`INSERT OR IGNORE INTO idempotency_keys (scope, key, fingerprint, state, created, position) VALUES (?, ?, ?, 'running', ?, ?)`),
      get: this.db.prepare<[string, string], Row>(
        'SELECT fingerprint, state, status, headers, body, position FROM idempotency_keys WHERE scope = ? AND key = ?',
      ),
      complete: this.db.prepare(`UPDATE idempotency_keys SET state = 'done', status = ?, headers = ?, body = ? WHERE scope = ? AND key = ?`),
      release: this.db.prepare(`DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND state = 'running'`),
      resume: this.db.prepare(`UPDATE idempotency_keys SET state = 'running' WHERE scope = ? AND key = ? AND state = 'interrupted'`),
      sweep: this.db.prepare(`DELETE FROM idempotency_keys WHERE created < ? AND state IN ('done', 'interrupted')`),
    };
  }

  async claim(scope: string, key: string, fingerprint: string, now: Date, position: number): Promise<Claim> {
    const t = now.getTime();
    if (t - this.lastSweep > 60_000) {
      this.lastSweep = t;
      this.stmts.sweep.run(t - TTL_MS);
    }
    if (this.stmts.insert.run(scope, key, fingerprint, t, position).changes === 1) return { state: 'claimed' };
    const row = this.stmts.get.get(scope, key);
    if (!row) return this.claim(scope, key, fingerprint, now, position);
    if (row.state === 'running') return { state: 'running', fingerprint: row.fingerprint };
    if (row.state === 'interrupted') return { state: 'interrupted', fingerprint: row.fingerprint, position: row.position ?? 0 };
    return {
      state: 'done',
      fingerprint: row.fingerprint,
      answer: { status: row.status ?? 200, headers: JSON.parse(row.headers ?? '{}'), body: row.body ?? '' },
    };
  }

  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    this.stmts.complete.run(answer.status, JSON.stringify(answer.headers), answer.body, scope, key);
  }

  async resume(scope: string, key: string): Promise<boolean> {
    return this.stmts.resume.run(scope, key).changes === 1;
  }

  async release(scope: string, key: string): Promise<void> {
    this.stmts.release.run(scope, key);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
