import { describe, expect, it } from 'vitest';
import { SqliteEventStore, type NewEvent } from '@modshelf/events';
import { StreamCachingStore } from './stream-cache';

const ev = (n: number): NewEvent => ({
  type: 'TestThing',
  schemaVersion: 1,
  data: { n },
  metadata: { eventId: `e${n}`, commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: '2026-01-01T00:00:00Z' },
});

describe('StreamCachingStore', () => {
  it('returns the same events as the store, including appends made around it', async () => {
    const inner = new SqliteEventStore({ path: ':memory:' });
    const cached = new StreamCachingStore(inner, 2);
    await cached.append('s-1', [ev(1), ev(2)], -1);
    expect((await cached.readStream('s-1')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    await inner.append('s-1', [ev(3)], 1); // written past the cache
    expect((await cached.readStream('s-1')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await cached.readStream('s-1')).toEqual(await inner.readStream('s-1'));
    // eviction keeps answers right
    await cached.append('s-2', [ev(4)], -1);
    await cached.append('s-3', [ev(5)], -1);
    await cached.readStream('s-2');
    await cached.readStream('s-3');
    expect(await cached.readStream('s-1')).toEqual(await inner.readStream('s-1'));
    expect(await cached.readStream('none')).toEqual([]);
    expect((await cached.readStream('s-1', { direction: 'backwards', maxCount: 1 })).map((e) => e.data)).toEqual([{ n: 3 }]);
    // callers may not corrupt the cache
    const got = await cached.readStream('s-1');
    got.pop();
    expect(await cached.readStream('s-1')).toHaveLength(3);
    await inner.close();
  });

  it('stays under its byte budget', async () => {
    const inner = new SqliteEventStore({ path: ':memory:' });
    const cached = new StreamCachingStore(inner, 1000, 40_000);
    const big = (n: number): NewEvent => ({ ...ev(n), data: { n, body: 'x'.repeat(5000) } });
    for (let i = 0; i < 20; i++) {
      await cached.append(`b-${i}`, [big(i)], -1);
      await cached.readStream(`b-${i}`);
      expect(cached.size.bytes).toBeLessThanOrEqual(40_000);
    }
    expect(cached.size.streams).toBeGreaterThan(0);
    expect((await cached.readStream('b-0')).map((e) => (e.data as { n: number }).n)).toEqual([0]);
    await inner.close();
  });
});
