import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocChange } from '../read-model/port';
import { sampleDoc } from '../search/contract';
import type { SearchChange } from '../search/port';
import { BULK_CACHE_KIB, CATCH_UP_CACHE_KIB, SqliteProjectionStorage } from './sqlite-storage';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const follow = (i: number): DocChange => ({ coll: 'follows', id: `f${i}`, doc: { user_id: `u${i}`, project_id: `p${i}`, created: 'x' }, isNew: true });
const indexed = (id: string, title: string): SearchChange => ({ projectId: id, doc: sampleDoc(id, { title }) });
const titled = async (storage: SqliteProjectionStorage, query: string) =>
  (await storage.search.search({ query, filter: [], sort: 'relevance', offset: 0, limit: 10 })).hits.map((h) => h.project_id);

function open(windowChanges?: number, bulk?: boolean) {
  dir = mkdtempSync(join(tmpdir(), 'proj-window-'));
  const path = join(dir, 'projections.sqlite');
  const storage = new SqliteProjectionStorage(path, { windowChanges, bulk });
  // another connection to the file, as another process reads it: it sees only what is committed
  const other = new Database(path, { readonly: true });
  const committed = () => other.prepare<[], number>("SELECT position FROM checkpoints WHERE name = 'projections'").pluck().get() ?? 0;
  return { storage, other, committed };
}

describe('SqliteProjectionStorage catchingUp window', () => {
  it("holds the window's commits in one transaction: each is read at once on its connection, and committed when the window ends", async () => {
    const { storage, other, committed } = open();
    storage.commitSync([follow(0)], [indexed('AAAAAAAA', 'Iron Furnaces')], 1);
    storage.catchingUp(true);
    for (let position = 2; position <= 5; position++) storage.commitSync([follow(position)], [], position);
    storage.commitSync([], [indexed('BBBBBBBB', 'Iron Lanterns')], 6);
    expect(storage.checkpointSync()).toBe(6);
    expect(storage.readModels.getSync('follows', 'f5')?.user_id).toBe('u5');
    expect(await titled(storage, 'iron')).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    expect(committed()).toBe(1);
    storage.catchingUp(false);
    expect(committed()).toBe(6);
    // (a serving storage writes the read models' recent tables)
    expect(other.prepare('SELECT count(*) FROM rm_docs_recent').pluck().get()).toBe(5);
    other.close();
    await storage.close();
  });

  it('commits the window and opens the next one once it holds windowChanges document changes', async () => {
    const { storage, other, committed } = open(3);
    storage.catchingUp(true);
    storage.commitSync([follow(1), follow(2)], [], 1);
    expect(committed()).toBe(0);
    storage.commitSync([follow(3)], [], 2);
    expect(committed()).toBe(2);
    storage.commitSync([follow(4)], [], 3);
    expect(committed()).toBe(2);
    storage.catchingUp(false);
    expect(committed()).toBe(3);
    other.close();
    await storage.close();
  });

  it('a commit that fails inside the window rolls back the whole window: the index answers from the rows again, and the error is thrown', async () => {
    const { storage, other, committed } = open();
    storage.commitSync([follow(0)], [indexed('AAAAAAAA', 'Iron Furnaces')], 1);
    storage.catchingUp(true);
    storage.commitSync([follow(1)], [indexed('BBBBBBBB', 'Iron Lanterns')], 2);
    // a project without its fields: its index keys cannot be computed, so the commit throws
    const broken = { coll: 'projects', id: 'P1', doc: {} } as DocChange;
    expect(() => storage.commitSync([follow(2), broken], [indexed('CCCCCCCC', 'Iron Gates')], 3)).toThrow();
    expect(storage.db.inTransaction).toBe(false);
    expect(storage.checkpointSync()).toBe(1);
    expect(storage.readModels.getSync('follows', 'f1')).toBeNull();
    expect(await titled(storage, 'iron')).toEqual(['AAAAAAAA']);
    // the window is gone: the next commit is a transaction of its own, and the window's end commits nothing more
    storage.commitSync([follow(1)], [indexed('BBBBBBBB', 'Iron Lanterns')], 2);
    expect(committed()).toBe(2);
    storage.catchingUp(false);
    expect(committed()).toBe(2);
    expect(await titled(storage, 'iron')).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    other.close();
    await storage.close();
  });

  it('when the window cannot commit, its commits are rolled back, the index answers from the rows again and the error is thrown', async () => {
    const { storage, other, committed } = open();
    storage.commitSync([follow(0)], [indexed('AAAAAAAA', 'Iron Furnaces')], 1);
    // a deferred foreign key broken inside the window makes its COMMIT fail
    storage.db.exec('CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)');
    storage.db.pragma('foreign_keys = ON');
    storage.catchingUp(true);
    storage.commitSync([follow(1)], [indexed('BBBBBBBB', 'Iron Lanterns')], 2);
    storage.db.exec('INSERT INTO child (parent) VALUES (7)');
    expect(await titled(storage, 'iron')).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    expect(() => storage.catchingUp(false)).toThrow(/FOREIGN KEY/);
    expect(storage.db.inTransaction).toBe(false);
    expect(storage.checkpointSync()).toBe(1);
    expect(committed()).toBe(1);
    expect(storage.readModels.getSync('follows', 'f1')).toBeNull();
    expect(await titled(storage, 'iron')).toEqual(['AAAAAAAA']);
    expect(await titled(storage, 'lanterns')).toEqual([]);
    // the next commits go on from the committed state
    storage.commitSync([follow(1)], [indexed('BBBBBBBB', 'Copper Lanterns')], 2);
    expect(await titled(storage, 'lanterns')).toEqual(['BBBBBBBB']);
    expect(committed()).toBe(2);
    other.close();
    await storage.close();
  });

  it("a bulk target's window holds the whole catch-up in one transaction, whatever its changes, and rolls back as a whole", async () => {
    const { storage, other, committed } = open(undefined, true);
    expect(storage.cacheSizeKiB()).toBe(BULK_CACHE_KIB);
    storage.catchingUp(true);
    // the catch-up's page cache, as a serving storage's: the window's pages stay in it until it commits
    expect(storage.cacheSizeKiB()).toBe(CATCH_UP_CACHE_KIB);
    let position = 0;
    for (let batch = 0; batch < 20; batch++)
      storage.commitSync(
        Array.from({ length: 100 }, () => follow(++position)),
        [],
        position,
      );
    storage.commitSync([], [indexed('AAAAAAAA', 'Iron Furnaces')], ++position);
    expect(storage.db.inTransaction).toBe(true);
    expect(committed()).toBe(0);
    expect(storage.readModels.getSync('follows', 'f2000')?.user_id).toBe('u2000');
    storage.catchingUp(false);
    expect(storage.cacheSizeKiB()).toBe(BULK_CACHE_KIB);
    expect(committed()).toBe(2001);
    expect(other.prepare('SELECT count(*) FROM rm_docs').pluck().get()).toBe(2000);
    // the next window: a failing commit rolls back its earlier commits too, and the index answers from the rows
    storage.catchingUp(true);
    storage.commitSync([follow(5000)], [indexed('BBBBBBBB', 'Iron Lanterns')], 2002);
    const broken = { coll: 'projects', id: 'P1', doc: {} } as DocChange;
    expect(() => storage.commitSync([broken], [], 2003)).toThrow();
    expect(storage.db.inTransaction).toBe(false);
    expect(storage.checkpointSync()).toBe(2001);
    expect(storage.readModels.getSync('follows', 'f5000')).toBeNull();
    expect(await titled(storage, 'iron')).toEqual(['AAAAAAAA']);
    storage.catchingUp(false);
    other.close();
    await storage.close();
  });
});
