import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sha512Key } from './collections';
import { readModelContract, sampleUser, sampleVersion } from './contract';
import { SqliteReadModels } from './sqlite';

readModelContract('sqlite', async () => {
  const db = new Database(':memory:');
  return { store: new SqliteReadModels(db), cleanup: async () => void db.close() };
});

describe('SqliteReadModels key table', () => {
  it('stores hex keys as their bytes and other keys as text, each index under its number', async () => {
    const db = new Database(':memory:');
    const rm = new SqliteReadModels(db);
    const hashes = { sha1: 'ab'.repeat(20), sha512: 'cd'.repeat(64) };
    await rm.commit(
      [
        { coll: 'versions', id: 'V0000001', doc: sampleVersion('V0000001', 'P0000001', [hashes]) },
        { coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Alice') },
      ],
      1,
    );
    const rows = db
      .prepare('SELECT i.coll, i.idx, typeof(k.key) AS type, length(k.key) AS bytes, k.id FROM rm_index_keys k JOIN rm_indexes i USING (ix) ORDER BY 1, 2')
      .all();
    expect(rows).toEqual([
      { coll: 'users', idx: 'username', type: 'text', bytes: 5, id: 'AAAAAAAA' },
      { coll: 'versions', idx: 'project', type: 'text', bytes: 8, id: 'V0000001' },
      { coll: 'versions', idx: 'sha1', type: 'blob', bytes: 20, id: 'V0000001' },
      { coll: 'versions', idx: 'sha512', type: 'blob', bytes: 16, id: 'V0000001' },
    ]);
    expect(await rm.findIds('versions', 'sha512', sha512Key(hashes.sha512))).toEqual(['V0000001']);
    expect(await rm.findIds('versions', 'nosuchindex', 'x')).toEqual([]);
    db.close();
  });

  it('keeps the index numbers a file has, and numbers the indexes it lacks', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE rm_indexes (ix INTEGER PRIMARY KEY, coll TEXT NOT NULL, idx TEXT NOT NULL, UNIQUE (coll, idx))');
    db.exec("INSERT INTO rm_indexes (ix, coll, idx) VALUES (40, 'users', 'username')");
    const rm = new SqliteReadModels(db);
    await rm.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Alice') }], 1);
    expect(db.prepare('SELECT ix FROM rm_index_keys').pluck().all()).toEqual([40]);
    expect(db.prepare("SELECT count(*) FROM rm_indexes WHERE NOT (coll = 'users' AND idx = 'username')").pluck().get()).toBeGreaterThan(10);
    const again = new SqliteReadModels(db);
    expect(await again.findIds('users', 'username', 'alice')).toEqual(['AAAAAAAA']);
    db.close();
  });
});
