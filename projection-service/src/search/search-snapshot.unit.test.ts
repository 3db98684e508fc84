import Database from 'better-sqlite3';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sampleDoc } from './contract';
import type { SearchChange, SearchRequest } from './port';
import { answers as answersOf, at, eq } from './search-answers';
import { SqliteSearchIndex } from './sqlite-search';

const WORDS = ['iron', 'copper', 'lantern', 'furnace', 'garden', 'castle', 'dragon', 'river'];
/** 2,500 documents: more than the row count above which pages walk the stored sort orders */
const CATALOGUE: SearchChange[] = Array.from({ length: 2500 }, (_, i) => {
  const id = `P${String(i).padStart(7, '0')}`;
  const title = `${WORDS[i % 8]} ${WORDS[(i * 3) % 7]} ${i}`;
  const categories = [i % 2 ? 'odd' : 'even', ...(i % 5 === 0 ? ['fives'] : [])];
  const doc = sampleDoc(id, { title, author: `author_${i % 40}`, categories, downloads: (i * 7919) % 5000, follows: i % 13, created: 1_700_000_000 + i });
  return { projectId: id, doc };
});
/** what follows a reopen: a text edit, a count edit, a removal and a new project */
const LATER: SearchChange[] = [
  { projectId: 'P0000003', doc: sampleDoc('P0000003', { title: 'Lantern Garden Deluxe', author: 'author_3', downloads: 4999 }) },
  { projectId: 'P0000004', doc: sampleDoc('P0000004', { title: `${WORDS[4]} ${WORDS[5]} 4`, author: 'author_4', downloads: 1 }) },
  { projectId: 'P0000010', doc: null },
  { projectId: 'NEWPROJ1', doc: sampleDoc('NEWPROJ1', { title: 'Dragon River Mill', author: 'author_7', categories: ['odd'], downloads: 3000 }) },
];

const REQUESTS: SearchRequest[] = [
  at(''),
  at('', [], 'downloads', 1900, 30),
  at('', [], 'follows', 40),
  at('', [], 'newest', 2400),
  at('', [], 'updated'),
  at('', [eq('categories', 'odd')], 'downloads', 700),
  at('', [eq('categories', 'fives'), eq('categories', 'even')]),
  at('', [eq('author', 'author_7')], 'downloads'),
  at('', [eq('project_id', 'P0000003')]),
  at('', [eq('project_id', 'NEWPROJ1')]),
  at('', [[[{ field: 'downloads', op: '>', value: 2500 }]]], 'newest', 100),
  at('lantern'),
  at('lanterm garden'),
  at('drag', [], 'downloads'),
  at('castle', [eq('categories', 'odd')], 'follows'),
];

const answers = (index: SqliteSearchIndex) => answersOf(index, REQUESTS);

/** an index over a fresh in-memory file holding the catalogue at position 1 */
function built() {
  const db = new Database(':memory:');
  const index = new SqliteSearchIndex(db);
  void index.commit(CATALOGUE, 1);
  return { db, index };
}

describe('SqliteSearchIndex snapshot of its in-memory side', () => {
  it('a valid snapshot opens without reading the rows and answers as the rows do, before and after later commits', async () => {
    const withSnapshot = built();
    withSnapshot.index.saveSnapshotSync();
    const fromSnapshot = new SqliteSearchIndex(withSnapshot.db);
    const plain = built();
    const fromRows = new SqliteSearchIndex(plain.db);
    expect([fromSnapshot.load.from, fromRows.load.from]).toEqual(['snapshot', 'rows']);
    const before = await answers(fromRows);
    expect(await answers(fromSnapshot)).toEqual(before);
    expect(new Set(await fromSnapshot.random(5)).size).toBe(5);
    for (const index of [fromSnapshot, fromRows]) await index.commit(LATER, 2);
    const after = await answers(fromRows);
    expect(after).not.toEqual(before);
    expect(await answers(fromSnapshot)).toEqual(after);
  });

  it('commits right after a restore, before anything reads the ids or the sparse fields, answer as the rows do', async () => {
    const withSnapshot = built();
    withSnapshot.index.saveSnapshotSync();
    const restored = new SqliteSearchIndex(withSnapshot.db);
    const plain = built();
    const fromRows = new SqliteSearchIndex(plain.db);
    for (const index of [restored, fromRows]) {
      await index.commit(LATER, 2);
      await index.commit(
        [
          { projectId: 'NEWPROJ1', doc: null },
          { projectId: 'P0000011', doc: sampleDoc('P0000011', { title: 'Moved', author: 'author_8' }) },
        ],
        3,
      );
    }
    expect(restored.load.from).toBe('snapshot');
    expect(await answers(restored)).toEqual(await answers(fromRows));
    const byAuthor = (index: SqliteSearchIndex) =>
      index.search(at('', [eq('author', 'author_8')], 'newest', 0, 100)).then((r) => r.hits.map((h) => h.project_id));
    expect(await byAuthor(restored)).toEqual(await byAuthor(fromRows));
    expect(await byAuthor(restored)).toContain('P0000011');
  });

  it('a commit after a snapshot keeps it and logs its rows: the next open (no close) applies them to the snapshot', async () => {
    const { db, index } = built();
    index.saveSnapshotSync();
    const reopened = new SqliteSearchIndex(db);
    await reopened.commit(LATER, 2);
    expect(db.prepare('SELECT count(*) FROM search_snapshots').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM search_log').pluck().get()).toBe(LATER.length);
    const next = new SqliteSearchIndex(db);
    expect(next.load).toMatchObject({ from: 'snapshot+delta', rows: LATER.length });
    expect(await answers(next)).toEqual(await answers(reopened));
  });

  it('a commit that rolls back logs nothing: the snapshot stays valid as it was', async () => {
    const { db, index } = built();
    const expected = await answers(index);
    index.saveSnapshotSync();
    const failing = db.transaction(() => {
      index.applySync(LATER);
      throw new Error('the commit fails after the search changes');
    });
    expect(() => failing()).toThrow('the commit fails');
    expect(await answers(index)).toEqual(expected);
    const reopened = new SqliteSearchIndex(db);
    expect(reopened.load.from).toBe('snapshot');
    expect(await answers(reopened)).toEqual(expected);
    expect(db.prepare('SELECT count(*) FROM search_log').pluck().get()).toBe(0);
  });

  it('a snapshot older than its change log (a later snapshot dropped the entries after it) is ignored', async () => {
    const { db, index } = built();
    index.saveSnapshotSync();
    const stale = db.prepare('SELECT data FROM search_snapshots').pluck().get();
    await index.commit(LATER, 2);
    index.saveSnapshotSync();
    expect(db.prepare('SELECT count(*) FROM search_log').pluck().get()).toBe(0);
    // as if the first snapshot had outlived the second
    db.prepare("UPDATE search_snapshots SET data = ? WHERE name = 'search'").run(stale);
    const reopened = new SqliteSearchIndex(db);
    expect(reopened.load.from).toBe('rows');
    expect(await answers(reopened)).toEqual(await answers(index));
  });

  it('a damaged snapshot is ignored, and the next save replaces it', async () => {
    const { db, index } = built();
    const expected = await answers(index);
    index.saveSnapshotSync();
    const bytes = db.prepare<[], Buffer>('SELECT data FROM search_snapshots').pluck().get()!;
    for (const damage of [(b: Buffer) => (b[b.length - 3] ^= 0x10), (b: Buffer) => b.writeUInt32LE(9999, 4)]) {
      const copy = Buffer.from(bytes);
      damage(copy);
      db.prepare('UPDATE search_snapshots SET data = ?').run(copy);
      const reopened = new SqliteSearchIndex(db);
      expect(reopened.load.from).toBe('rows');
      expect(await answers(reopened)).toEqual(expected);
    }
    db.prepare('UPDATE search_snapshots SET data = ?').run(Buffer.from('short'));
    const truncated = new SqliteSearchIndex(db);
    expect(truncated.load.from).toBe('rows');
    truncated.saveSnapshotSync();
    expect(new SqliteSearchIndex(db).load.from).toBe('snapshot');
  });

  it('a snapshot of another version or facet layout is ignored', async () => {
    const { db, index } = built();
    const expected = await answers(index);
    index.saveSnapshotSync();
    const bytes = db.prepare<[], Buffer>('SELECT data FROM search_snapshots').pluck().get()!;
    const header = bytes.subarray(8, 8 + bytes.readUInt32LE(4)).toString();
    // same-length edits of the header, with the checksum made right again: only the version or the layout differs
    for (const [from, to] of [
      ['"version":2', '"version":9'],
      ['\\"downloads\\"', '\\"downloadz\\"'],
    ]) {
      expect(header).toContain(from);
      const copy = Buffer.from(bytes);
      copy.write(header.replace(from, to), 8);
      copy.writeUInt32LE(crc32(copy.subarray(4)), 0);
      db.prepare('UPDATE search_snapshots SET data = ?').run(copy);
      const reopened = new SqliteSearchIndex(db);
      expect(reopened.load.from).toBe('rows');
      expect(await answers(reopened)).toEqual(expected);
    }
  });

  it('a file from before the change log (no search_log table, a version-1 snapshot) reads its rows once, then its snapshots', async () => {
    const { db, index } = built();
    const expected = await answers(index);
    index.saveSnapshotSync();
    const bytes = db.prepare<[], Buffer>('SELECT data FROM search_snapshots').pluck().get()!;
    const header = bytes.subarray(8, 8 + bytes.readUInt32LE(4)).toString();
    const old = Buffer.from(bytes);
    old.write(header.replace('"version":2', '"version":1'), 8);
    old.writeUInt32LE(crc32(old.subarray(4)), 0);
    db.prepare('UPDATE search_snapshots SET data = ?').run(old);
    db.exec("DROP TABLE search_log; DELETE FROM sqlite_sequence WHERE name = 'search_log'");
    const upgraded = new SqliteSearchIndex(db, 'search', { everyChanges: 1000, everyMs: 0 });
    expect(upgraded.load.from).toBe('rows');
    expect(await answers(upgraded)).toEqual(expected);
    // its first commit stores a snapshot of the current layout; the commits after it are logged
    await upgraded.commit(LATER.slice(0, 1), 2);
    await upgraded.commit(LATER.slice(1), 3);
    const next = new SqliteSearchIndex(db);
    expect(next.load).toMatchObject({ from: 'snapshot+delta', rows: LATER.length - 1 });
    expect(await answers(next)).toEqual(await answers(upgraded));
  });

  it('a reset deletes the snapshot and its change log', async () => {
    const { db, index } = built();
    index.saveSnapshotSync();
    await index.commit(LATER, 2);
    await index.reset();
    expect(db.prepare('SELECT count(*) FROM search_log').pluck().get()).toBe(0);
    const reopened = new SqliteSearchIndex(db);
    expect(reopened.load.from).toBe('rows');
    expect(await reopened.count()).toBe(0);
  });
});
