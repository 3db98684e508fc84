import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { groupSorted, MultiRowStatement, ROWS_PER_STATEMENT } from './sqlite-multirow';

const table = () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT NOT NULL, n INTEGER NOT NULL)');
  return db;
};
const rowsOf = (db: Database.Database) => db.prepare('SELECT k, v, n FROM t ORDER BY k').raw().all();

describe('MultiRowStatement', () => {
  it('writes what one statement a row writes, for counts below, at and above the rows of one statement', () => {
    for (const count of [0, 1, ROWS_PER_STATEMENT - 1, ROWS_PER_STATEMENT, 2 * ROWS_PER_STATEMENT + 5]) {
      const rows = Array.from({ length: count }, (_, i) => [`k${(i * 7919) % 1000}`, `v${i}`, i]);
      const many = table();
      new MultiRowStatement(many, 'INSERT INTO t (k, v, n)', 3).run(rows);
      const one = table();
      const stmt = one.prepare('INSERT INTO t (k, v, n) VALUES (?, ?, ?)');
      for (const r of rows) stmt.run(r);
      expect(rowsOf(many)).toEqual(rowsOf(one));
      expect(rowsOf(many)).toHaveLength(count);
    }
  });

  it('applies rows in order: a later row of the same key wins through the tail clause', () => {
    const db = table();
    const rows = Array.from({ length: ROWS_PER_STATEMENT + 3 }, (_, i) => [`k${i % 10}`, `v${i}`, i]);
    new MultiRowStatement(db, 'INSERT INTO t (k, v, n)', 3, 'ON CONFLICT (k) DO UPDATE SET v = excluded.v, n = excluded.n').run(rows);
    const last = new Map(rows.map((r) => [r[0], r]));
    expect(rowsOf(db)).toEqual([...last.values()].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
  });

  it('groupSorted: the order of one sort by (group, then within), equal rows kept in their order', () => {
    const rows = Array.from({ length: 500 }, (_, i) => [['versions', 'projects', 'users'][(i * 7) % 3], `id${(i * 7919) % 97}`, i] as const);
    const within = (a: (typeof rows)[number], b: (typeof rows)[number]) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    const whole = [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : within(a, b)));
    expect(groupSorted(rows, (r) => r[0], within)).toEqual(whole);
    // numbered groups sort as numbers (10 after 9)
    expect(
      groupSorted(
        [
          [10, 'a'],
          [9, 'b'],
          [10, 'A'],
        ],
        (r) => r[0] as number,
        (a, b) => (a[1] < b[1] ? -1 : 1),
      ),
    ).toEqual([
      [9, 'b'],
      [10, 'A'],
      [10, 'a'],
    ]);
  });
});
