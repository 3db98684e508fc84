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
