import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sampleDoc } from './contract';
import type { SearchChange, SearchRequest } from './port';
import { answers as answersOf, at as pageOf, eq, fromRows as rowsAnswer } from './search-answers';
import { SqliteSearchIndex } from './sqlite-search';

const WORDS = ['iron', 'copper', 'lantern', 'furnace', 'garden', 'castle', 'dragon', 'river', 'zeppelin', 'quarry', 'harbour', 'meadow'];
const CATEGORIES = ['odd', 'even', 'fives', 'magic', 'tech'];

/** A small deterministic generator (mulberry32), so a failing round can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function doc(id: string, rnd: () => number) {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  return sampleDoc(id, {
    title: `${pick(WORDS)} ${pick(WORDS)} ${Math.floor(rnd() * 50)}`,
    summary: `${pick(WORDS)} of the ${pick(WORDS)}`,
    author: `author_${Math.floor(rnd() * 30)}`,
    type: pick(['mod', 'modpack']),
    categories: [pick(CATEGORIES), ...(rnd() < 0.3 ? [pick(CATEGORIES)] : [])],
    downloads: Math.floor(rnd() * 500),
    follows: Math.floor(rnd() * 20),
    created: 1_700_000_000 + Math.floor(rnd() * 1000),
  });
}

/** every matching row: the whole order is compared */
const at = (query: string, filter: SearchRequest['filter'] = [], sort: SearchRequest['sort'] = 'relevance', offset = 0, limit = 5000) =>
  pageOf(query, filter, sort, offset, limit);
/** every row in each sort order, facets of dense and sparse fields, numeric ranges, words, prefixes and typos */
const REQUESTS: SearchRequest[] = [
  ...(['relevance', 'downloads', 'follows', 'newest', 'updated'] as const).map((sort) => at('', [], sort)),
  ...CATEGORIES.map((c) => at('', [eq('categories', c)], 'downloads')),
  at('', [eq('project_types', 'modpack')], 'follows'),
  at('', [eq('author', 'author_7')], 'newest'),
  at('', [eq('project_id', 'P00010')]),
  at('', [eq('project_types', 'mod')], 'downloads', 1500, 40),
  at('', [[[{ field: 'downloads', op: '>', value: 250 }]]], 'newest'),
  at('', [[[{ field: 'categories', op: '!=', value: 'odd' }]]], 'downloads'),
  ...WORDS.map((w) => at(w)),
  at('zepelin'),
  at('harbor meadow'),
  at('lanter', [eq('categories', 'magic')], 'follows'),
  at('qu'),
];

const answers = (index: SqliteSearchIndex) => answersOf(index, REQUESTS);
const fromRows = (db: Database.Database) => rowsAnswer(db, REQUESTS);

/** Random commits: new projects, text, facet and number edits, removals, and removed ids coming back. */
function commits(rnd: () => number, ids: string[], removed: string[], count: number): SearchChange[][] {
  const out: SearchChange[][] = [];
  for (let c = 0; c < count; c++) {
    const batch: SearchChange[] = [];
    const size = 1 + Math.floor(rnd() * (rnd() < 0.2 ? 400 : 8));
    for (let i = 0; i < size; i++) {
      const r = rnd();
      if (r < 0.2) {
        const id = `P${String(ids.length + removed.length + 10_000).padStart(5, '0')}${Math.floor(rnd() * 1e6)}`;
        ids.push(id);
        batch.push({ projectId: id, doc: doc(id, rnd) });
      } else if (r < 0.3 && ids.length > 0) {
        const [id] = ids.splice(Math.floor(rnd() * ids.length), 1);
        removed.push(id);
        batch.push({ projectId: id, doc: null });
      } else if (r < 0.35 && removed.length > 0) {
        const [id] = removed.splice(Math.floor(rnd() * removed.length), 1);
        ids.push(id);
        batch.push({ projectId: id, doc: doc(id, rnd) });
      } else if (ids.length > 0) {
        const id = ids[Math.floor(rnd() * ids.length)];
        batch.push({ projectId: id, doc: doc(id, rnd) });
      }
    }
    out.push(batch);
  }
  return out;
}

describe('SqliteSearchIndex after a crash: the snapshot and the rows changed after it', () => {
  it('an open without close, at any point after a snapshot, answers as a full load of the rows does (random commits)', async () => {
    for (let round = 0; round < 6; round++) {
      const rnd = random(round + 1);
      const db = new Database(':memory:');
      const ids: string[] = [];
      const removed: string[] = [];
      let index = new SqliteSearchIndex(db);
      let position = 0;
      // more rows than a page sorts by itself: pages walk the stored sort orders
      const first = Array.from({ length: 2500 }, (_, i) => `P${String(i).padStart(5, '0')}`);
      ids.push(...first);
      await index.commit(
        first.map((id) => ({ projectId: id, doc: doc(id, rnd) })),
        ++position,
      );
      for (const batch of commits(rnd, ids, removed, 10)) await index.commit(batch, ++position);
      // the highest row removed, then a new project: SQLite gives the new one the removed row's id
      const top = ids[ids.length - 1];
      await index.commit([{ projectId: top, doc: null }], ++position);
      removed.push(ids.pop()!);
      index.saveSnapshotSync();
      const reused = `REUSED${round}`;
      await index.commit([{ projectId: reused, doc: doc(reused, rnd) }], ++position);
      ids.push(reused);
      for (const batch of commits(rnd, ids, removed, 3 + Math.floor(rnd() * 12))) {
        await index.commit(batch, ++position);
        if (rnd() < 0.15) index.saveSnapshotSync();
        if (rnd() < 0.3) {
          // "kill -9": a new index on the same file, the old one never closed; the run goes on with the new one
          const live = await answers(index);
          index = new SqliteSearchIndex(db);
          expect(await answers(index)).toEqual(live);
        }
      }
      const reopened = new SqliteSearchIndex(db);
      expect(['snapshot+delta', 'snapshot']).toContain(reopened.load.from);
      const delta = await answers(reopened);
      expect(delta).toEqual(await answers(index));
      expect(delta).toEqual(await fromRows(db));
      // and it keeps answering as the rows do after more commits
      for (const batch of commits(rnd, ids, removed, 3)) await reopened.commit(batch, ++position);
      expect(await answers(reopened)).toEqual(await fromRows(db));
    }
  });

  it('the delta counts the rows changed, each once; a word only a changed row brings is found with a typo', async () => {
    const db = new Database(':memory:');
    const index = new SqliteSearchIndex(db);
    await index.commit(
      Array.from({ length: 50 }, (_, i) => ({ projectId: `A${i}`, doc: sampleDoc(`A${i}`, { title: `iron ${i}`, downloads: i }) })),
      1,
    );
    index.saveSnapshotSync();
    await index.commit([{ projectId: 'A1', doc: sampleDoc('A1', { title: 'iron 1', downloads: 1000 }) }], 2);
    await index.commit([{ projectId: 'A1', doc: sampleDoc('A1', { title: 'Xylophone Workshop', downloads: 5 }) }], 3);
    await index.commit([{ projectId: 'A2', doc: null }], 4);
    const reopened = new SqliteSearchIndex(db);
    expect(reopened.load).toMatchObject({ from: 'snapshot+delta', rows: 2 });
    expect((await reopened.search(at('xylophon'))).hits.map((h) => h.project_id)).toEqual(['A1']);
    expect((await reopened.search(at('xylophome'))).hits.map((h) => h.project_id)).toEqual(['A1']);
    expect((await reopened.search(at('', [], 'downloads', 0, 3))).hits.map((h) => h.project_id)).toEqual(['A49', 'A48', 'A47']);
    expect(await reopened.count()).toBe(49);
  });

  it('an index that another process has committed past stores no snapshot of its older memory', async () => {
    const db = new Database(':memory:');
    const writer = new SqliteSearchIndex(db);
    await writer.commit([{ projectId: 'D1', doc: sampleDoc('D1', { title: 'meadow' }) }], 1);
    writer.saveSnapshotSync();
    await writer.commit([{ projectId: 'D2', doc: sampleDoc('D2', { title: 'quarry' }) }], 2);
    // a second reader of the file (as a replay beside a running site), then more commits by the writer
    const reader = new SqliteSearchIndex(db);
    await writer.commit([{ projectId: 'D3', doc: sampleDoc('D3', { title: 'harbour' }) }], 3);
    reader.saveSnapshotSync();
    const reopened = new SqliteSearchIndex(db);
    expect(reopened.load).toMatchObject({ from: 'snapshot+delta', rows: 2 });
    expect(await answers(reopened)).toEqual(await fromRows(db));
    expect(await reopened.count()).toBe(3);
  });

  it('under a snapshot policy, a commit stores a fresh snapshot once enough changes are logged, and the log keeps only what follows it', async () => {
    const db = new Database(':memory:');
    const logged = () => db.prepare('SELECT count(*) FROM search_log').pluck().get();
    const index = new SqliteSearchIndex(db, 'search', { everyChanges: 5, everyMs: 0 });
    const edit = (i: number, downloads: number): SearchChange => ({ projectId: `B${i}`, doc: sampleDoc(`B${i}`, { title: `garden ${i}`, downloads }) });
    // no usable snapshot yet: the first commit stores one, logging nothing
    await index.commit([edit(0, 1), edit(1, 1)], 1);
    expect([db.prepare('SELECT count(*) FROM search_snapshots').pluck().get(), logged()]).toEqual([1, 0]);
    await index.commit([edit(0, 2), edit(1, 2)], 2);
    await index.commit([edit(2, 2), edit(3, 2)], 3);
    expect(logged()).toBe(4);
    await index.commit([edit(4, 3)], 4);
    expect(logged()).toBe(0);
    await index.commit([edit(5, 3)], 5);
    expect(logged()).toBe(1);
    const reopened = new SqliteSearchIndex(db);
    expect(reopened.load).toMatchObject({ from: 'snapshot+delta', rows: 1 });
    expect(await answers(reopened)).toEqual(await fromRows(db));
  });

  it('paused (a long catch-up), commits store no snapshot; past the policy they stop logging (the snapshot goes), and the first commit after it stores one', async () => {
    const db = new Database(':memory:');
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    const index = new SqliteSearchIndex(db, 'search', { everyChanges: 3, everyMs: 0 });
    const edit = (downloads: number): SearchChange => ({ projectId: 'F', doc: sampleDoc('F', { title: 'lantern', downloads }) });
    await index.commit([edit(1)], 1);
    index.pauseSnapshots(true);
    for (let i = 2; i < 5; i++) await index.commit([edit(i)], i);
    expect([count('search_snapshots'), count('search_log')]).toEqual([1, 3]);
    await index.commit([edit(5)], 5);
    await index.commit([edit(6)], 6);
    expect([count('search_snapshots'), count('search_log')]).toEqual([0, 0]);
    const crashed = new SqliteSearchIndex(db);
    expect(crashed.load.from).toBe('rows');
    expect(await answers(crashed)).toEqual(await answers(index));
    index.pauseSnapshots(false);
    await index.commit([edit(7)], 7);
    expect([count('search_snapshots'), count('search_log')]).toEqual([1, 0]);
    expect(new SqliteSearchIndex(db).load.from).toBe('snapshot');
  });

  it('after enough time with a change logged, a commit stores a fresh snapshot', async () => {
    const db = new Database(':memory:');
    const index = new SqliteSearchIndex(db, 'search', { everyChanges: 0, everyMs: 30 });
    const edit = (downloads: number): SearchChange => ({ projectId: 'C', doc: sampleDoc('C', { title: 'castle', downloads }) });
    await index.commit([edit(1)], 1);
    await index.commit([edit(2)], 2);
    expect(db.prepare('SELECT count(*) FROM search_log').pluck().get()).toBe(1);
    await new Promise((r) => setTimeout(r, 40));
    await index.commit([edit(3)], 3);
    expect(db.prepare('SELECT count(*) FROM search_log').pluck().get()).toBe(0);
  });
});
