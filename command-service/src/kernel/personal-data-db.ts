import Database from 'better-sqlite3';
import { openSqliteFile } from '@modshelf/events';

/**
 * Opens a SQLite file that holds personal data outside the log (the billing and payout vaults):
 * WAL, a 5 s busy timeout and secure_delete, so forgotten rows do not linger in free pages.
 * Creates the file's folder unless `path` is ':memory:', then runs `schema`.
 */
export function openPersonalDataDb(path: string, schema: string): Database.Database {
  const db = openSqliteFile(path);
  db.pragma('secure_delete = ON');
  db.exec(schema);
  return db;
}
