import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Claim, IdempotencyStore, StoredAnswer } from './idempotency-store';

interface Row {
  fingerprint: string;
  state: 'running' | 'done';
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
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
      scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, state TEXT NOT NULL,
      status INTEGER, headers TEXT, body TEXT, created INTEGER NOT NULL,
      PRIMARY KEY (scope, key))`);
    // a request that was running when the process died never answered: its key is free again
    this.db.exec(`DELETE FROM idempotency_keys WHERE state = 'running'`);
    this.stmts = {
      insert: this.db.prepare(
        `INSERT OR IGNORE INTO idempotency_keys (scope, key, fingerprint, state, created) VALUES (?, ?, ?, 'running', ?)`,
      ),
      get: this.db.prepare<[string, string], Row>('SELECT fingerprint, state, status, headers, body FROM idempotency_keys WHERE scope = ? AND key = ?'),
      complete: this.db.prepare(`UPDATE idempotency_keys SET state = 'done', status = ?, headers = ?, body = ? WHERE scope = ? AND key = ?`),
      release: this.db.prepare(`DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND state = 'running'`),
      sweep: this.db.prepare(`DELETE FROM idempotency_keys WHERE created < ? AND state = 'done'`),
    };
  }

  async claim(scope: string, key: string, fingerprint: string, now: Date): Promise<Claim> {
    const t = now.getTime();
    if (t - this.lastSweep > 60_000) {
      this.lastSweep = t;
      this.stmts.sweep.run(t - TTL_MS);
    }
    if (this.stmts.insert.run(scope, key, fingerprint, t).changes === 1) return { state: 'claimed' };
    const row = this.stmts.get.get(scope, key);
    if (!row) return this.claim(scope, key, fingerprint, now);
    if (row.state === 'running') return { state: 'running', fingerprint: row.fingerprint };
    return {
      state: 'done',
      fingerprint: row.fingerprint,
      answer: { status: row.status ?? 200, headers: JSON.parse(row.headers ?? '{}'), body: row.body ?? '' },
    };
  }

  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    this.stmts.complete.run(answer.status, JSON.stringify(answer.headers), answer.body, scope, key);
  }

  async release(scope: string, key: string): Promise<void> {
    this.stmts.release.run(scope, key);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
