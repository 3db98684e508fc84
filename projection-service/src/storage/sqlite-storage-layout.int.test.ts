import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleUser } from '../read-model/contract';
import { PROJECTIONS_SCHEMA, SqliteProjectionStorage } from './sqlite-storage';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A projections file in a new temporary dir, written by `sql` as an older version would have: its path. */
function olderFile(sql: string): string {
  dir = mkdtempSync(join(tmpdir(), 'proj-layout-'));
  const path = join(dir, 'projections.sqlite');
  const old = new Database(path);
  old.exec(sql);
  old.close();
  return path;
}

describe('SqliteProjectionStorage layout 4 file', () => {
  it('is emptied on open (its key table rm_keys dropped), so the runner rebuilds it from the log', async () => {
    const path = olderFile(`
      CREATE TABLE rm_docs (coll TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (coll, id));
      CREATE TABLE rm_keys (coll TEXT NOT NULL, idx TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (coll, idx, key, id)) WITHOUT ROWID;
      CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
      INSERT INTO rm_docs VALUES ('users', 'AAAAAAAA', '${JSON.stringify(sampleUser('AAAAAAAA', 'Alice'))}');
      INSERT INTO rm_keys VALUES ('users', 'username', 'alice', 'AAAAAAAA');
      INSERT INTO checkpoints VALUES ('projections', 12);
      PRAGMA user_version = 4;
    `);
    const storage = new SqliteProjectionStorage(path);
    expect(storage.checkpointSync()).toBe(0);
    expect(await storage.readModels.get('users', 'AAAAAAAA')).toBeNull();
    expect(storage.db.prepare("SELECT name FROM sqlite_master WHERE name = 'rm_keys'").all()).toEqual([]);
    expect(storage.db.pragma('user_version', { simple: true })).toBe(PROJECTIONS_SCHEMA);
    storage.commitSync([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Alice') }], [], 1);
    expect(await storage.readModels.findIds('users', 'username', 'alice')).toEqual(['AAAAAAAA']);
    await storage.close();
  });
});

describe('SqliteProjectionStorage layout 5 file', () => {
  it('is kept: its documents are read from the main tables, and new writes go to the recent ones', async () => {
    const path = olderFile(`
      CREATE TABLE rm_docs (coll TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (coll, id));
      CREATE TABLE rm_indexes (ix INTEGER PRIMARY KEY, coll TEXT NOT NULL, idx TEXT NOT NULL, UNIQUE (coll, idx));
      CREATE TABLE rm_index_keys (ix INTEGER NOT NULL, key NOT NULL, id TEXT NOT NULL, PRIMARY KEY (ix, key, id)) WITHOUT ROWID;
      CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
      INSERT INTO rm_docs VALUES ('users', 'AAAAAAAA', '${JSON.stringify(sampleUser('AAAAAAAA', 'Alice'))}');
      INSERT INTO rm_indexes VALUES (1, 'users', 'username');
      INSERT INTO rm_index_keys VALUES (1, 'alice', 'AAAAAAAA');
      INSERT INTO checkpoints VALUES ('projections', 12);
      PRAGMA user_version = 5;
    `);
    const storage = new SqliteProjectionStorage(path);
    expect(storage.checkpointSync()).toBe(12);
    expect(storage.db.pragma('user_version', { simple: true })).toBe(PROJECTIONS_SCHEMA);
    expect(await storage.readModels.findIds('users', 'username', 'alice')).toEqual(['AAAAAAAA']);
    storage.commitSync([{ coll: 'users', id: 'BBBBBBBB', doc: sampleUser('BBBBBBBB', 'Bob') }], [], 13);
    expect(await storage.readModels.findIds('users', 'username', 'bob')).toEqual(['BBBBBBBB']);
    expect(await storage.readModels.count('users')).toBe(2);
    expect(storage.db.prepare('SELECT id FROM rm_docs_recent').pluck().all()).toEqual(['BBBBBBBB']);
    await storage.close();
  });
});
