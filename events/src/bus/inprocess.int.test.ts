import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../store/sqlite';
import { NO_STREAM } from '../envelope';
import { eventBusContract } from './contract';
import { FileCheckpointStore } from './checkpoint';
import { InProcessEventBus } from './inprocess';

eventBusContract('in-process (SQLite log)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bus-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db'), pollMs: 20 });
  const bus = new InProcessEventBus(store, { offsets: (g) => new FileCheckpointStore(join(dir, 'offsets', `${g}.json`)), retryMs: 50 });
  return {
    store,
    bus,
    cleanup: async () => {
      await bus.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('InProcessEventBus groups', () => {
  it('keeps a second member of a group on standby until the first leaves', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const bus = new InProcessEventBus(store);
    const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
    const a: number[] = [];
    const b: number[] = [];
    const sa = await bus.subscribe('g', async (batch) => void a.push(...batch.map((e) => e.position)));
    const sb = await bus.subscribe('g', async (batch) => void b.push(...batch.map((e) => e.position)));
    await store.append('s-1', [{ type: 'T', schemaVersion: 1, data: {}, metadata: meta }], NO_STREAM);
    await new Promise((r) => setTimeout(r, 200));
    expect(a).toEqual([1]);
    expect(b).toEqual([]);
    await sa.close();
    await store.append('s-1', [{ type: 'T', schemaVersion: 1, data: {}, metadata: meta }], 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(b).toEqual([2]);
    await sb.close();
    await store.close();
  });
});
