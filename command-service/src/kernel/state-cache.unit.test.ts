import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SqliteEventStore, defineEvent, newEventId, toNewEvents, type ReadStreamOptions, type RecordedEvent } from '@modshelf/events';
import { execute, newCommandContext } from './execute';
import type { Decider } from './decider';
import { loadState, STATE_CACHE_SIZE } from './state-cache';

const Added = defineEvent('TestCacheAdded', 1, z.object({ by: z.number() }));

const sum: Decider<{ by: number; max: number }, number> = {
  initialState: 0,
  evolve: (s, e: RecordedEvent) => (Added.is(e) ? s + e.data.by : s),
  decide: (c, s) => (s + c.by > c.max ? [] : [Added({ by: c.by })]),
};
const count: Decider<null, number> = { initialState: 0, evolve: (s) => s + 1, decide: () => [] };

/** Records the revisions each readStream starts from. */
function spied(store: SqliteEventStore): number[] {
  const from: number[] = [];
  const read = store.readStream.bind(store);
  store.readStream = (streamId: string, options?: ReadStreamOptions) => {
    from.push(options?.fromRevision ?? 0);
    return read(streamId, options);
  };
  return from;
}

describe('loadState', () => {
  it('reads only the events after the state it kept, and folds to the same state as the whole stream', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    for (let i = 1; i <= 3; i++) await execute(store, 's-1', sum, { by: i, max: 100 }, newCommandContext('u'));
    const from = spied(store);
    // an append this process's loadState did not see (as another replica's would be)
    const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: '' };
    await store.append('s-1', toNewEvents([Added({ by: 10 })], meta, newEventId), 2);
    expect(await loadState(store, 's-1', sum)).toEqual({ state: 16, revision: 3 });
    expect(from).toEqual([3]);
    // another fold of the same stream does not take this one's state
    expect(await loadState(store, 's-1', count)).toEqual({ state: 4, revision: 3 });
    expect(from).toEqual([3, 0]);
    await store.close();
  });

  it('sees what another process appended: two stores on one file, each keeping its own states', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'state-cache-'));
    const a = new SqliteEventStore({ path: join(dir, 'events.db') });
    const b = new SqliteEventStore({ path: join(dir, 'events.db') });
    try {
      await execute(a, 's-2', sum, { by: 5, max: 12 }, newCommandContext('u'));
      await execute(b, 's-2', sum, { by: 5, max: 12 }, newCommandContext('u'));
      // a kept 5 at revision 0; the guard (max 12) holds only if it folds b's event too
      const third = await execute(a, 's-2', sum, { by: 5, max: 12 }, newCommandContext('u'));
      expect(third.events).toHaveLength(0);
      expect(third.state).toBe(10);
      expect((await a.readStream('s-2')).length).toBe(2);
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`keeps at most ${STATE_CACHE_SIZE} streams, the least recently used going first`, async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    for (let i = 0; i <= STATE_CACHE_SIZE; i++) await execute(store, `s-${i}`, sum, { by: 1, max: 100 }, newCommandContext('u'));
    const from = spied(store);
    await loadState(store, 's-0', sum);
    await loadState(store, `s-${STATE_CACHE_SIZE}`, sum);
    expect(from).toEqual([0, 1]);
    await store.close();
  });
});
