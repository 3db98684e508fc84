import Database from 'better-sqlite3';
import type { LeaseGrant, LeaseStore } from './port';
import { openSqliteFile } from '../sqlite/open-file';

export interface SqliteLeaseStoreOptions {
  /** a SQLite file (created when missing), or ':memory:' */
  path?: string;
  /** or an open connection, e.g. the event store's, so the leases live in the log's file */
  db?: Database.Database;
  /** epoch ms (tests move it to expire leases) */
  clock?: () => number;
}

interface Row {
  name: string;
  holder: string | null;
  epoch: number;
  expires_at: number;
  position: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS leases (
  name TEXT PRIMARY KEY,
  holder TEXT,
  epoch INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS lease_state (
  name TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (name, key)
) WITHOUT ROWID;`;

/**
 * Leases in a SQLite file shared by the processes on one machine (WAL, a busy
 * timeout, every change under BEGIN IMMEDIATE, so two processes deciding at once are
 * serialized by the file lock). Expiry compares the writers' clocks, which on one
 * machine are the same clock.
 */
export class SqliteLeaseStore implements LeaseStore {
  readonly db: Database.Database;
  private readonly own: boolean;
  private readonly clock: () => number;
  private readonly stmts;
  private readonly acquireTx;
  private readonly commitTx;

  constructor(options: SqliteLeaseStoreOptions) {
    this.own = !options.db;
    if (options.db) this.db = options.db;
    else {
      this.db = openSqliteFile(options.path ?? ':memory:');
    }
    this.db.exec(SCHEMA);
    this.clock = options.clock ?? Date.now;
    this.stmts = {
      get: this.db.prepare<[string], Row>('SELECT * FROM leases WHERE name = ?'),
      insert: this.db.prepare('INSERT INTO leases (name, holder, epoch, expires_at) VALUES (?, ?, 1, ?)'),
      renew: this.db.prepare('UPDATE leases SET expires_at = ? WHERE name = ?'),
      take: this.db.prepare('UPDATE leases SET holder = ?, epoch = epoch + 1, expires_at = ? WHERE name = ?'),
      free: this.db.prepare('UPDATE leases SET holder = NULL, expires_at = 0 WHERE name = ? AND holder = ? AND epoch = ?'),
      drop: this.db.prepare(
        'DELETE FROM leases WHERE name = ? AND holder IS NULL AND position = 0 AND NOT EXISTS (SELECT 1 FROM lease_state WHERE lease_state.name = leases.name)',
      ),
      held: this.db.prepare<[string, string, number, number], { n: number }>(
        'SELECT 1 AS n FROM leases WHERE name = ? AND holder = ? AND epoch = ? AND expires_at > ?',
      ),
      setPosition: this.db.prepare('UPDATE leases SET position = ? WHERE name = ?'),
      put: this.db.prepare('INSERT OR REPLACE INTO lease_state (name, key, value) VALUES (?, ?, ?)'),
      del: this.db.prepare('DELETE FROM lease_state WHERE name = ? AND key = ?'),
      value: this.db.prepare<[string, string], { value: string }>('SELECT value FROM lease_state WHERE name = ? AND key = ?'),
    };
    this.acquireTx = this.db.transaction((name: string, holder: string, ttlMs: number): LeaseGrant | null => {
      const now = this.clock();
      const expiresAt = now + ttlMs;
      const row = this.stmts.get.get(name);
      if (!row) {
        this.stmts.insert.run(name, holder, expiresAt);
        return { name, holder, epoch: 1, expiresAt };
      }
      const running = row.holder !== null && row.expires_at > now;
      if (running && row.holder !== holder) return null;
      if (running) {
        this.stmts.renew.run(expiresAt, name);
        return { name, holder, epoch: row.epoch, expiresAt };
      }
      this.stmts.take.run(holder, expiresAt, name);
      return { name, holder, epoch: row.epoch + 1, expiresAt };
    });
    this.commitTx = this.db.transaction((grant: LeaseGrant, position: number, changes: ReadonlyMap<string, string | null>): boolean => {
      if (!this.stmts.held.get(grant.name, grant.holder, grant.epoch, this.clock())) return false;
      this.stmts.setPosition.run(position, grant.name);
      for (const [key, value] of changes) {
        if (value === null) this.stmts.del.run(grant.name, key);
        else this.stmts.put.run(grant.name, key, value);
      }
      return true;
    });
  }

  async acquire(name: string, holder: string, ttlMs: number): Promise<LeaseGrant | null> {
    if (!(ttlMs > 0)) throw new Error('a lease needs a positive time to live');
    return this.acquireTx.immediate(name, holder, ttlMs);
  }

  async release(grant: LeaseGrant): Promise<void> {
    this.db
      .transaction(() => {
        if (this.stmts.free.run(grant.name, grant.holder, grant.epoch).changes > 0) this.stmts.drop.run(grant.name);
      })
      .immediate();
  }

  async current(name: string): Promise<LeaseGrant | null> {
    const row = this.stmts.get.get(name);
    if (!row || row.holder === null || row.expires_at <= this.clock()) return null;
    return { name, holder: row.holder, epoch: row.epoch, expiresAt: row.expires_at };
  }

  async position(name: string): Promise<number> {
    return this.stmts.get.get(name)?.position ?? 0;
  }

  async state(name: string, key: string): Promise<string | null> {
    return this.stmts.value.get(name, key)?.value ?? null;
  }

  async commit(grant: LeaseGrant, position: number, changes: ReadonlyMap<string, string | null> = new Map()): Promise<boolean> {
    return this.commitTx.immediate(grant, position, changes);
  }

  close(): void {
    if (this.own && this.db.open) this.db.close();
  }
}
