import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countTurns } from '@modshelf/events/testing/event-loop-turns';
import { sampleDoc } from './contract';
import type { SearchChange, SearchRequest } from './port';
import { answers as answersOf, fromRows as rowsAnswer } from './search-answers';
import { SqliteSearchIndex } from './sqlite-search';
import { snapshotFilePath } from './snapshot-file';

const WORDS = ['iron', 'copper', 'lantern', 'furnace', 'garden', 'castle', 'dragon', 'zeppelin'];
const REQUESTS: SearchRequest[] = [
  ...(['relevance', 'downloads', 'follows', 'newest'] as const).map((sort): SearchRequest => ({ query: '', filter: [], sort, offset: 0, limit: 500 })),
  { query: '', filter: [[[{ field: 'categories', op: '=', value: 'tech' }]]], sort: 'downloads', offset: 0, limit: 500 },
  { query: 'zepelin', filter: [], sort: 'relevance', offset: 0, limit: 500 },
  { query: 'lant', filter: [], sort: 'follows', offset: 0, limit: 500 },
];

/** Project `i` in its `version`th form (words, category and numbers change with it). */
function change(i: number, version: number): SearchChange {
  const id = `P${String(i).padStart(5, '0')}`;
  const k = i * 7 + version * 13;
  return {
    projectId: id,
    doc: sampleDoc(id, {
      title: `${WORDS[k % WORDS.length]} ${WORDS[(k >> 3) % WORDS.length]} ${i}`,
      summary: `the ${WORDS[(k + 3) % WORDS.length]}`,
      categories: [k % 3 === 0 ? 'tech' : 'magic'],
      downloads: (k * 31) % 500,
      follows: (k * 17) % 40,
    }),
  };
}
const gone = (i: number): SearchChange => ({ projectId: `P${String(i).padStart(5, '0')}`, doc: null });

const answers = (index: SqliteSearchIndex) => answersOf(index, REQUESTS);
const fromRows = (db: Database.Database) => rowsAnswer(db, REQUESTS);

describe('the periodic search snapshot, written by a worker thread to a file of its own', () => {
  let dir: string;
  const open: Database.Database[] = [];
  const file = (path: string) => {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    open.push(db);
    return db;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-snapshot-worker-'));
  });
  afterEach(() => {
    for (const db of open.splice(0)) if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a due snapshot leaves the commit at once (the event loop turns while the worker writes); an open without close loads the file and the rows changed after it', async () => {
    const path = join(dir, 'p.sqlite');
    const db = file(path);
    const index = new SqliteSearchIndex(db, 'search', { everyChanges: 20, everyMs: 0 });
    const logged = () => db.prepare('SELECT count(*) FROM search_log').pluck().get();
    const snapshotFile = snapshotFilePath(db, 'search')!;

    await index.commit(
      Array.from({ length: 120 }, (_, i) => change(i, 0)),
      1,
    );
    // the first commit without a usable snapshot asks for one; a snapshot taken on the event loop would be done already
    const turns = countTurns();
    await index.snap.settled();
    expect(turns.stop()).toBeGreaterThan(0);
    expect(existsSync(snapshotFile)).toBe(true);
    expect(db.prepare('SELECT count(*) FROM search_snapshots').pluck().get()).toBe(0);

    // 30 changed rows: past the policy, the next snapshot is due; the commit returns with its rows still in the log
    await index.commit([...Array.from({ length: 25 }, (_, i) => change(i, 1)), ...[100, 101, 102, 103, 104].map(gone)], 2);
    expect(logged()).toBe(30);
    await index.snap.settled();
    expect(logged()).toBe(0);

    await index.commit([change(5, 2), change(6, 2), gone(7), change(130, 0)], 3);
    expect(logged()).toBe(4);
    // a crash: another connection opens the file as a restart would
    const reopened = new SqliteSearchIndex(file(path));
    expect(reopened.load).toMatchObject({ from: 'snapshot+delta', rows: 4 });
    expect(await answers(reopened)).toEqual(await fromRows(db));
    expect(await answers(index)).toEqual(await answers(reopened));

    // a clean close stores the state in the projections file: the next open loads it as it is
    await index.close();
    const afterClose = new SqliteSearchIndex(file(path));
    expect(afterClose.load.from).toBe('snapshot');
    expect(await answers(afterClose)).toEqual(await answers(reopened));
  });

  it('a snapshot stored in the projections file while the worker writes one (a close, another process) stays the one an open loads, whichever finishes first', async () => {
    const path = join(dir, 'race.sqlite');
    const db = file(path);
    const index = new SqliteSearchIndex(db, 'search', { everyChanges: 10, everyMs: 0 });
    const snapshotFile = snapshotFilePath(db, 'search')!;
    await index.commit(
      Array.from({ length: 80 }, (_, i) => change(i, 0)),
      1,
    );
    await index.snap.settled();
    for (let round = 1; round <= 4; round++) {
      await index.commit(
        Array.from({ length: 12 }, (_, i) => change(i * round, round)),
        round + 1,
      );
      // the worker is taking a snapshot; the database gets a newer one: in odd rounds once the worker's file is in place
      // (the event loop blocked meanwhile, so its answer waits; awaiting a commit runs no message), in even ones at once (most likely before the worker reads)
      if (round % 2 === 1) {
        // the file of the round before is gone when the database's snapshot superseded it: then the worker's is a new one
        const inode = () => (existsSync(snapshotFile) ? statSync(snapshotFile).ino : null);
        const before = inode();
        const until = Date.now() + 20_000;
        while ((inode() === null || inode() === before) && Date.now() < until);
        expect(inode()).not.toBe(before);
        expect(inode()).not.toBeNull();
        // a change after the worker's read, then the database's snapshot holds it (the file does not)
        await index.commit([change(60, round)], round + 1);
      }
      index.saveSnapshotSync();
      await index.snap.settled();
      await index.commit([change(70 + round, round)], round + 1);
      const reopened = new SqliteSearchIndex(file(path));
      expect(reopened.load).toMatchObject({ from: 'snapshot+delta', rows: 1 });
      expect(await answers(reopened)).toEqual(await fromRows(db));
    }
    await index.snap.stop();
  });

  it("a snapshot file is ignored when it is not this projections file's: another file, or after a reset", async () => {
    const path = join(dir, 'a.sqlite');
    const db = file(path);
    const index = new SqliteSearchIndex(db, 'search', { everyChanges: 10, everyMs: 0 });
    const docs = Array.from({ length: 60 }, (_, i) => change(i, 0));
    await index.commit(docs, 1);
    await index.snap.settled();
    const snapshotFile = snapshotFilePath(db, 'search')!;
    expect(new SqliteSearchIndex(file(path)).load.from).toBe('snapshot');

    // the same rows in another projections file, with this file's snapshot copied beside it
    const otherPath = join(dir, 'b.sqlite');
    const other = new SqliteSearchIndex(file(otherPath));
    await other.commit(docs, 1);
    copyFileSync(snapshotFile, snapshotFilePath(other.db, 'search')!);
    expect(new SqliteSearchIndex(file(otherPath)).load.from).toBe('rows');

    await index.reset();
    // the file from before the reset is still there, and an open ignores it (no commit since the reset: no new file either;
    // the first commit after it takes a snapshot, since none is usable, which may land before an open that follows it)
    expect(existsSync(snapshotFile)).toBe(true);
    const afterReset = new SqliteSearchIndex(file(path));
    expect(afterReset.load).toMatchObject({ from: 'rows', rows: 0 });
    await index.commit(docs.slice(0, 5), 1);
    await index.snap.settled();
    const later = new SqliteSearchIndex(file(path));
    expect(await answers(later)).toEqual(await fromRows(file(path)));
    expect(await answers(later)).not.toEqual(await answers(new SqliteSearchIndex(file(otherPath))));
    await index.snap.stop();
  });
});
