import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

export interface SqliteFileOptions {
  /**
   * 'wal' (default): readers beside one writer, shared by processes. 'memory': a rollback journal kept in
   * memory, for a file one process builds alone and may lose on a crash (a bulk rebuild).
   */
  journal?: 'wal' | 'memory';
  /** 'full' (SQLite's default: fsync per commit), 'normal' (with WAL: survives the process, not the OS) or 'off' */
  synchronous?: 'normal' | 'full' | 'off';
  /** how long a statement waits for another connection's lock before SQLITE_BUSY (default 5 s) */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating its folder unless ':memory:') one SQLite file the way every store here uses it: the busy
 * timeout first, then the journal mode (switching to WAL waits for a connection of another process that holds
 * the file), then the synchronous setting.
 */
export function openSqliteFile(path: string, options: SqliteFileOptions = {}): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  const timeoutMs = options.busyTimeoutMs ?? 5000;
  db.pragma(`busy_timeout = ${timeoutMs}`);
  setJournalMode(db, options.journal === 'memory' ? 'MEMORY' : 'WAL', timeoutMs);
  if (options.synchronous) db.pragma(`synchronous = ${options.synchronous.toUpperCase()}`);
  return db;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Sets the journal mode, trying again for up to `timeoutMs` while SQLite answers SQLITE_BUSY. Two processes
 * that open a new file at once can both hold a shared lock and both ask for the exclusive lock the switch to
 * WAL needs; SQLite then refuses one at once rather than wait (its busy handler would deadlock), so the busy
 * timeout alone does not cover it.
 */
function setJournalMode(db: Database.Database, mode: 'WAL' | 'MEMORY', timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      db.pragma(`journal_mode = ${mode}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, wait);
    }
  }
}

/** Removes a SQLite file and its companions (the WAL, the shared-memory index, a rollback journal); absent ones are fine. */
export function removeSqliteFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}
