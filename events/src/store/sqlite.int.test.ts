import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from './contract';
import { SqliteEventStore } from './sqlite';
import { NO_STREAM } from '../envelope';

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
    let caughtUp = false;
    let turns = 0;
    const turn = () => {
      if (caughtUp) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    let seen = 0;
    let turnsWhenDone = -1;
    const done = new Promise<void>((resolve) => {
      const sub = store.subscribeAll(0, () => {
        seen += 1;
        if (seen < 2_000) return;
        caughtUp = true;
        turnsWhenDone = turns;
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
