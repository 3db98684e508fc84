import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { SqliteEventStore, type InlineProjection } from './sqlite';
import { WrongExpectedRevisionError, type RecordedEvent } from '../envelope';

const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
const noted = (n: number) => [{ type: 'Noted', schemaVersion: 1, data: { n }, metadata: meta }];

/** Counts Noted events in a table of the log's file. */
const counting: InlineProjection = {
  name: 'noted-count',
  types: ['Noted'],
  setup: (db: Database.Database) => db.exec('CREATE TABLE IF NOT EXISTS noted (n INTEGER NOT NULL)'),
  apply: (db: Database.Database) => void db.prepare('INSERT INTO noted (n) VALUES (1)').run(),
};
const rows = (store: SqliteEventStore) => (store.db.prepare('SELECT COUNT(*) AS c FROM noted').get() as { c: number }).c;

describe('SqliteEventStore inline projections', () => {
  it('are caught up before a read after every append of another process, and found current after its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inline-'));
    const path = join(dir, 'events.db');
    const store = new SqliteEventStore({ path });
    store.addInlineProjection(counting);
    const other = new SqliteEventStore({ path });
    try {
      await store.append('s-1', noted(1), -1);
      expect(store.catchUpInline()).toBe(true);
      for (let i = 0; i < 3; i++) {
        await other.append('s-2', noted(i), i - 1);
        expect(store.catchUpInline()).toBe(false);
        expect(rows(store)).toBe(2 + i);
        expect(store.catchUpInline()).toBe(true);
      }
      await store.append('s-1', noted(2), 0);
      expect(store.catchUpInline()).toBe(true);
      expect(rows(store)).toBe(5);
    } finally {
      await other.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('readInline reads them caught up, and in one read transaction with the check when they are current', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inline-'));
    const path = join(dir, 'events.db');
    const store = new SqliteEventStore({ path });
    store.addInlineProjection(counting);
    const other = new SqliteEventStore({ path });
    try {
      await store.append('s-1', noted(1), -1);
      expect(store.readInline(() => [rows(store), store.db.inTransaction])).toEqual([1, true]);
      // another process appended without the projection: caught up first (in a write transaction), then read
      await other.append('s-2', noted(1), -1);
      expect(store.readInline(() => rows(store))).toBe(2);
      expect(store.readInline(() => [rows(store), store.db.inTransaction])).toEqual([2, true]);
      expect(store.db.inTransaction).toBe(false);
    } finally {
      await other.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are given the event as recorded: its data, position and metadata (parsed when read)', async () => {
    const seen: RecordedEvent[] = [];
    const store = new SqliteEventStore({ path: ':memory:' });
    store.addInlineProjection({ name: 'seen', types: ['Noted'], setup: () => undefined, apply: (_db, e) => void seen.push(e) });
    try {
      await store.append('s-1', noted(7), -1);
      expect(seen).toHaveLength(1);
      expect({ ...seen[0] }).toEqual({ streamId: 's-1', revision: 0, position: 1, type: 'Noted', schemaVersion: 1, data: { n: 7 }, metadata: meta });
      expect(seen[0].metadata).toBe(seen[0].metadata); // parsed once
    } finally {
      await store.close();
    }
  });

  it('see every event of their types once, in position order, whether this transaction wrote it or another process did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inline-'));
    const path = join(dir, 'events.db');
    const seen: Array<[number, string, unknown]> = [];
    const store = new SqliteEventStore({ path });
    store.addInlineProjection({ name: 'seen', types: ['Noted'], setup: () => undefined, apply: (_db, e) => void seen.push([e.position, e.streamId, e.data]) });
    const other = new SqliteEventStore({ path });
    const other1 = { type: 'Other', schemaVersion: 1, data: { n: -1 }, metadata: meta };
    try {
      await store.append('a', [...noted(1), other1, ...noted(2)], -1);
      // written by a process without the projection: read from the log before this store's next events
      await other.append('b', noted(3), -1);
      await other.append('b', noted(4), 0);
      // a group: two streams, one append losing its race (nothing of it is seen)
      const grouped = await Promise.allSettled([
        store.appendGrouped('c', noted(5), -1),
        store.appendGrouped('d', [other1, ...noted(6)], -1),
        store.appendGrouped('a', noted(99), 0),
        store.appendGrouped('c', noted(7), 0),
      ]);
      expect(grouped.map((g) => g.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      await store.appendMulti([{ streamId: 'e', events: noted(8), expected: -1 }]);
      const log = (await store.readAll()).filter((e) => e.type === 'Noted').map((e) => [e.position, e.streamId, e.data]);
      expect(seen).toEqual(log);
      expect(seen.map(([, , d]) => (d as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(store.catchUpInline()).toBe(true);
    } finally {
      await other.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('apply nothing of a transaction that failed: the next one applies only what the log holds', async () => {
    const seen: number[] = [];
    const store = new SqliteEventStore({ path: ':memory:' });
    store.addInlineProjection({
      name: 'picky',
      types: ['Noted'],
      setup: () => undefined,
      apply: (_db, e) => {
        if ((e.data as { n: number }).n === 13) throw new Error('refused');
        seen.push((e.data as { n: number }).n);
      },
    });
    try {
      await store.append('s', noted(1), -1);
      await expect(store.append('s', [...noted(2), ...noted(13)], 0)).rejects.toThrow('refused');
      await store.append('s', noted(3), 0);
      expect(seen).toEqual([1, 2, 3]);
      expect((await store.readAll()).map((e) => (e.data as { n: number }).n)).toEqual([1, 3]);
    } finally {
      await store.close();
    }
  });

  it("stay exact with two writers on one file: each applies its own rows and the other's, and a lost race applies nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inline-'));
    const path = join(dir, 'events.db');
    const a = new SqliteEventStore({ path });
    const b = new SqliteEventStore({ path });
    a.addInlineProjection(counting);
    b.addInlineProjection(counting);
    try {
      await a.append('s', noted(0), -1);
      for (let rev = 0; rev < 6; rev++) {
        const [winner, loser] = rev % 2 === 0 ? [b, a] : [a, b];
        await winner.append('s', noted(rev + 1), rev);
        // the other writer decided on the same revision: refused, nothing of it applied
        await expect(loser.append('s', noted(99), rev)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(rows(a)).toBe(rev + 2);
      }
      expect(rows(b)).toBe(7);
      expect((await a.readAll()).length).toBe(7);
      expect(a.catchUpInline() && b.catchUpInline()).toBe(true);
    } finally {
      await b.close();
      await a.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
