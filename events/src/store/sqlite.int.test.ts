import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from './contract';
import { SqliteEventStore } from './sqlite';
import { WAL_AUTOCHECKPOINT_PAGES } from './wal-checkpointer';
import { NO_STREAM, type RecordedEvent } from '../envelope';
import { countTurns } from '../testing/event-loop-turns';

eventStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'es-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteEventStore durability', () => {
  it('keeps appended events across reopening the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'es-'));
    const path = join(dir, 'events.db');
    const a = new SqliteEventStore({ path });
    const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
    await a.append('s-1', [{ type: 'T', schemaVersion: 1, data: { x: 1 }, metadata: meta }], NO_STREAM);
    await a.close();
    const b = new SqliteEventStore({ path });
    expect((await b.readStream('s-1')).map((e) => e.data)).toEqual([{ x: 1 }]);
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`checkpoints the WAL after ${WAL_AUTOCHECKPOINT_PAGES} pages, not SQLite's 1,000, and every commit is in the WAL meanwhile`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'es-'));
    const path = join(dir, 'events.db');
    const a = new SqliteEventStore({ path });
    const pageSize = a.db.pragma('page_size', { simple: true }) as number;
    const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
    // about 2,000 pages of events: past SQLite's default mark, well under ours
    const text = 'x'.repeat(pageSize * 2);
    for (let i = 0; i < 1000; i++) await a.append(`s-${i}`, [{ type: 'T', schemaVersion: 1, data: { text }, metadata: meta }], NO_STREAM);
    // with the default, the WAL would have been checkpointed and restarted at 1,000 pages
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(1500 * pageSize);
    expect(statSync(`${path}-wal`).size).toBeLessThan(WAL_AUTOCHECKPOINT_PAGES * pageSize);
    // another connection (another process) reads every commit from the WAL
    const b = new SqliteEventStore({ path });
    expect(await b.headPosition()).toBe(1000);
    await b.close();
    await a.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('SqliteEventStore subscriptions', () => {
  it('a subscriber catching up a long way lets other work run between batches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'es-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
    await store.append(
      's-1',
      Array.from({ length: 2_000 }, (_, i) => ({ type: 'T', schemaVersion: 1, data: { i }, metadata: meta })),
      NO_STREAM,
    );
    // a request's turn of the event loop, counted until the subscriber reaches the last event
    const loop = countTurns();
    let seen = 0;
    let turnsWhenDone = -1;
    const done = new Promise<void>((resolve) => {
      const sub = store.subscribeAll(0, () => {
        seen += 1;
        if (seen < 2_000) return;
        turnsWhenDone = loop.stop();
        resolve();
        void sub.close();
      });
    });
    await done;
    // 2,000 events are 4 batches of 500: a turn between each
    expect(turnsWhenDone).toBeGreaterThanOrEqual(3);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('SqliteEventStore subscriptions', () => {
  it('deliver the whole log to each subscription, in order, a batch read once for the subscriptions at its position', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
    const ev = (n: number) => ({ type: 'T', schemaVersion: 1, data: { n }, metadata: meta });
    try {
      await store.append('s-1', [ev(1), ev(2), ev(3)], NO_STREAM);
      const seen: RecordedEvent[][] = [[], [], []];
      const subs = [0, 1].map((i) => store.subscribeAll(0, (e) => void seen[i].push(e)));
      await Promise.all([0, 1, 2].map((i) => store.appendGrouped(`s-${i + 2}`, [ev(4 + i)], NO_STREAM)));
      // a subscription started later, from a position in the middle of a kept batch
      subs.push(store.subscribeAll(2, (e) => void seen[2].push(e)));
      await store.append('s-1', [ev(7)], 2);
      const all = await store.readAll();
      for (let i = 0; i < 50 && seen.some((s) => s.length < all.length - (s === seen[2] ? 2 : 0)); i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen[0]).toEqual(all);
      expect(seen[1]).toEqual(all);
      expect(seen[2]).toEqual(all.slice(2));
      // the same objects: the two subscriptions at the same positions were given one read of each batch
      expect(seen[1].every((e, i) => e === seen[0][i])).toBe(true);
      await Promise.all(subs.map((s) => s.close()));
    } finally {
      await store.close();
    }
  });
});
