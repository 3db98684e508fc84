import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
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
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  db.pragma(`journal_mode = ${options.journal === 'memory' ? 'MEMORY' : 'WAL'}`);
  if (options.synchronous) db.pragma(`synchronous = ${options.synchronous.toUpperCase()}`);
  return db;
}
