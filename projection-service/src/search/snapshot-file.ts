import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { threadId } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { readSnapshot, type MemorySnapshot } from './memory-snapshot';

/**
 * The periodic snapshot of the search index's in-memory side lives in a file of its own beside the projections file
 * (written by a worker thread: snapshot-worker.ts), so that writing it never holds the file's write lock. The file
 * belongs to this projections file while its token equals the one this table holds: a new projections file has
 * another token, and dropping or resetting the snapshot renews it in the same transaction, so a file written before
 * is ignored.
 */
export const SNAPSHOT_TOKEN_SCHEMA = `
CREATE TABLE IF NOT EXISTS search_snapshot_token (name TEXT PRIMARY KEY, token TEXT NOT NULL);
`;

/** Where the snapshot file of index `name` of a database file lives; null for an in-memory database (no file beside it). */
export function snapshotFilePath(db: Database.Database, name: string): string | null {
  return db.memory ? null : `${db.name}.${name}.search-snapshot`;
}

export class SnapshotTokens {
  private readonly s;

  constructor(
    db: Database.Database,
    private readonly name: string,
  ) {
    db.exec(SNAPSHOT_TOKEN_SCHEMA);
    this.s = {
      get: db.prepare<[string], string>('SELECT token FROM search_snapshot_token WHERE name = ?').pluck(),
      set: db.prepare('INSERT OR REPLACE INTO search_snapshot_token (name, token) VALUES (?, ?)'),
    };
  }

  /** The token a snapshot file of this projections file carries (undefined before the first). */
  current(): string | undefined {
    return this.s.get.get(this.name);
  }

  /** The current token, made when missing (call inside a write transaction). */
  ensure(): string {
    const token = this.current();
    if (token !== undefined) return token;
    return this.renew();
  }

  /** A new token: every snapshot file written before is ignored from this commit on (call inside a write transaction). */
  renew(): string {
    const token = randomUUID();
    this.s.set.run(this.name, token);
    return token;
  }
}

/** The file's bytes, or null when there is none (or it cannot be read). */
export function readSnapshotFile(path: string | null): Buffer | null {
  if (path === null) return null;
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** Writes `bytes` to a temporary name, fsyncs it, renames it over `path` and fsyncs the folder: a crash leaves the old file or the new one. */
export function writeFileDurably(path: string, bytes: Uint8Array): void {
  const aside = `${path}.${process.pid}-${threadId}.tmp`;
  const fd = openSync(aside, 'w');
  try {
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(aside, path);
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * The stored snapshots an open may load, each read only when the one before it was not taken: the snapshot file when its
 * token is this projections file's, then the one in the projections file (`search_snapshots`: written at close, by the
 * periodic snapshots of an in-memory database, or by an older version). Any of them whose change log is whole, with the
 * rows changed after it, is the rows' state: the open takes the first such one.
 */
export function* storedSnapshots(filePath: string | null, token: string | undefined, inFile: () => Buffer | undefined): Iterable<MemorySnapshot> {
  const bytes = token === undefined ? null : readSnapshotFile(filePath);
  const file = bytes ? readSnapshot(bytes) : null;
  if (file && file.token === token) yield file;
  const row = inFile();
  const stored = row ? readSnapshot(row) : null;
  if (stored) yield stored;
}
