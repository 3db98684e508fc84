import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { sampleDoc } from './contract';
import { SqliteSearchIndex } from './sqlite-search';

/** the row counts each index's hit cache was fitted to, in order */
const fitted = vi.hoisted(() => [] as number[][]);
vi.mock('./hit-cache', async (original) => {
  const real = await original<typeof import('./hit-cache')>();
  class RecordingHitCache extends real.HitCache {
    private readonly rows: number[] = [];
    override fit(rows: number): void {
      if (this.rows.length === 0) fitted.push(this.rows);
      this.rows.push(rows);
      super.fit(rows);
    }
  }
  return { ...real, HitCache: RecordingHitCache };
});

const doc = (id: string, downloads = 0) => ({ projectId: id, doc: sampleDoc(id, { title: `Project ${id}`, downloads }) });

describe("SqliteSearchIndex's hit cache budget", () => {
  it('is fitted to the rows alive: at open, after commits that add or remove rows (not after edits), after a reset', async () => {
    const db = new Database(':memory:');
    const index = new SqliteSearchIndex(db);
    await index.commit([doc('AAAAAAAA'), doc('BBBBBBBB'), doc('CCCCCCCC')], 1);
    await index.commit([{ projectId: 'BBBBBBBB', doc: null }], 2);
    await index.commit([doc('AAAAAAAA', 5)], 3);
    // a second index on the same file fits it to the rows it loads
    new SqliteSearchIndex(db);
    await index.reset();
    expect(fitted).toEqual([[0, 3, 2, 0], [2]]);
    db.close();
  });
});
