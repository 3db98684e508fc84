import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SqliteEventStore, defineEvent, newEventId, toNewEvents, type RecordedEvent } from '@modshelf/events';
import { DomainError, invalidInput } from '@modshelf/contract';
import { execute, newCommandContext } from './execute';
import type { Decider } from './decider';

const Incremented = defineEvent('TestCounterIncremented', 1, z.object({ by: z.number() }));

const counter: Decider<{ by: number; max: number }, number> = {
  initialState: 0,
  evolve: (s, e: RecordedEvent) => (Incremented.is(e) ? s + e.data.by : s),
  decide: (c, s) => {
    if (s + c.by > c.max) throw invalidInput('too big');
    return [Incremented({ by: c.by })];
  },
};

describe('execute', () => {
  it('runs beforeAppend once the decider accepts, before the events are written; never for a refused command', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const seen: number[] = [];
    const hooks = { beforeAppend: async () => void seen.push((await store.readStream('counter-h')).length) };
    await execute(store, 'counter-h', counter, { by: 2, max: 3 }, newCommandContext('u'), undefined, hooks);
    expect(seen).toEqual([0]);
    await expect(execute(store, 'counter-h', counter, { by: 2, max: 3 }, newCommandContext('u'), undefined, hooks)).rejects.toMatchObject({
      kind: 'invalid_input',
    });
    expect(seen).toEqual([0]);
    expect(await store.readStream('counter-h')).toHaveLength(1);
    await store.close();
  });

  it('never loses an update under concurrent commands on one stream', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const runs = Array.from({ length: 20 }, () => execute(store, 'counter-1', counter, { by: 1, max: 1000 }, newCommandContext('u')));
    const results = await Promise.allSettled(runs);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const events = await store.readStream('counter-1');
    expect(events).toHaveLength(ok);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    for (const r of rejected) expect((r.reason as DomainError).kind).toBe('conflict');
    expect(ok).toBeGreaterThan(0);
    await store.close();
  });

  it('re-decides on the fresh state after a conflict', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    // max 3: of five concurrent +1 commands at most three may succeed, whatever the interleaving
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => execute(store, 'counter-2', counter, { by: 1, max: 3 }, newCommandContext('u'))));
    const events = await store.readStream('counter-2');
    expect(events.length).toBeLessThanOrEqual(3);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(events.length);
    await store.close();
  });

  it('writes metadata with the actor and correlation', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const ctx = newCommandContext('user0001', 'corr-1');
    const r = await execute(store, 'counter-3', counter, { by: 2, max: 10 }, ctx);
    expect(r.state).toBe(2);
    const [e] = await store.readStream('counter-3');
    expect(e.metadata).toMatchObject({ actor: 'user0001', correlationId: 'corr-1', commandId: ctx.commandId });
    expect(r.position).toBe(e.position);
    await store.close();
  });

  it('decides first on the state it kept, without reading the stream, and again on the stream when another writer moved it', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const run = (by: number) => execute(store, 'counter-k', counter, { by, max: 8 }, newCommandContext('u'));
    const other = async (by: number) => {
      // another writer (another replica): appends without this process's kept state knowing
      const head = await store.streamRevision('counter-k');
      await store.append(
        'counter-k',
        toNewEvents([Incremented({ by })], { commandId: 'c', correlationId: 'c', causationId: 'c', actor: 'x', time: new Date().toISOString() }, newEventId),
        head,
      );
    };
    await run(1);
    let reads = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = (streamId, options) => {
      reads++;
      return readStream(streamId, options);
    };
    expect((await run(1)).state).toBe(2);
    expect(reads).toBe(0); // decided on the kept state, confirmed by the append's expected revision

    await other(5); // kept: 2, stream: 7
    const r = await run(1); // accepted on the kept state, the append conflicts, decided again on 7
    expect(r.state).toBe(8);
    expect(reads).toBe(1);

    await other(-5); // kept: 8, stream: 3
    expect((await run(1)).state).toBe(4); // refused on the kept state (9 > 8), accepted on the stream
    expect((await readStream('counter-k')).map((e) => (e.data as { by: number }).by)).toEqual([1, 1, 5, 1, -5, 1]);
    await expect(run(5)).rejects.toMatchObject({ kind: 'invalid_input' }); // refused on the stream too
    await store.close();
  });

  it('appends through the group commit only when asked to (group: true)', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const grouped: string[] = [];
    const appendGrouped = store.appendGrouped.bind(store);
    store.appendGrouped = (streamId, events, expected) => {
      grouped.push(streamId);
      return appendGrouped(streamId, events, expected);
    };
    await execute(store, 'counter-g1', counter, { by: 1, max: 10 }, newCommandContext('u'));
    const r = await execute(store, 'counter-g2', counter, { by: 1, max: 10 }, newCommandContext('u'), undefined, { group: true });
    expect(grouped).toEqual(['counter-g2']);
    expect(r.revision).toBe(0);
    expect(await store.readStream('counter-g2')).toHaveLength(1);
    await store.close();
  });
});
