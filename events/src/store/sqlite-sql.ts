/** The SQLite log's tables, and the statements that read it in position order. */

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  type TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE TABLE IF NOT EXISTS inline_checkpoints (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL
);`;

export const READ_ALL = 'SELECT * FROM events WHERE position > ? ORDER BY position ASC';
/** Events with after < position <= upTo (two parameters), of `types` only when given (filtered in SQL: other rows never become strings and objects). */
export const betweenSql = (types: readonly string[] | undefined) =>
  `SELECT * FROM events WHERE position > ? AND position <= ?${types ? ` AND type IN (${types.map(() => '?').join(', ')})` : ''} ORDER BY position ASC`;
