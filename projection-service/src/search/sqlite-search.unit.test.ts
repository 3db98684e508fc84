import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { searchIndexContract, sampleDoc } from './contract';
import { SqliteSearchIndex } from './sqlite-search';

searchIndexContract('sqlite', async () => {
  const db = new Database(':memory:');
  return { index: new SqliteSearchIndex(db), cleanup: async () => void db.close() };
});

describe('SqliteSearchIndex', () => {
  it('rebuilds its in-memory structures from the file and keeps big batches ordered', async () => {
    const db = new Database(':memory:');
    const a = new SqliteSearchIndex(db);
    const changes = Array.from({ length: 600 }, (_, i) => {
      const id = `P${String(i).padStart(7, '0')}`;
      return { projectId: id, doc: sampleDoc(id, { title: `Project number ${i}`, downloads: (i * 7919) % 1000, categories: [i % 2 ? 'odd' : 'even'] }) };
    });
    await a.commit(changes, 1);
    const b = new SqliteSearchIndex(db);
    for (const idx of [a, b]) {
      const r = await idx.search({ query: '', filter: [[[{ field: 'categories', op: '=', value: 'odd' }]]], sort: 'downloads', offset: 0, limit: 100 });
      expect(r.total).toBe(300);
      const d = r.hits.map((h) => h.downloads);
      expect(d).toEqual([...d].sort((x, y) => y - x));
    }
    db.close();
  });
});

describe('SqliteSearchIndex cached word queries', () => {
  it('stay correct across small commits (added, renamed, removed documents and new typo targets)', async () => {
    const db = new Database(':memory:');
    const idx = new SqliteSearchIndex(db);
    const q = (query: string) =>
      idx.search({ query, filter: [], sort: 'relevance', offset: 0, limit: 100 }).then((r) => r.hits.map((h) => h.project_id).sort());
    await idx.commit([{ projectId: 'AAAAAAAA', doc: sampleDoc('AAAAAAAA', { title: 'Iron Furnaces' }) }], 1);
    expect(await q('iron')).toEqual(['AAAAAAAA']);
    expect(await q('furn')).toEqual(['AAAAAAAA']);
    expect(await q('lanterns')).toEqual([]);
    expect(await q('lantrens')).toEqual([]);
    await idx.commit([{ projectId: 'BBBBBBBB', doc: sampleDoc('BBBBBBBB', { title: 'Iron Lanterns' }) }], 2);
    expect(await q('iron')).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    expect(await q('lanterns')).toEqual(['BBBBBBBB']);
    expect(await q('lantrens')).toEqual(['BBBBBBBB']);
    await idx.commit([{ projectId: 'AAAAAAAA', doc: sampleDoc('AAAAAAAA', { title: 'Iron Furnaces', downloads: 99 }) }], 3);
    expect(await q('iron')).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    expect((await idx.search({ query: 'furnaces', filter: [], sort: 'downloads', offset: 0, limit: 1 })).hits[0].downloads).toBe(99);
    await idx.commit([{ projectId: 'AAAAAAAA', doc: sampleDoc('AAAAAAAA', { title: 'Copper Furnaces' }) }], 3);
    expect(await q('iron')).toEqual(['BBBBBBBB']);
    expect(await q('furn')).toEqual(['AAAAAAAA']);
    await idx.commit([{ projectId: 'BBBBBBBB', doc: null }], 4);
    expect(await q('iron')).toEqual([]);
    expect(await q('lanterns')).toEqual([]);
    db.close();
  });
});
