import { describe, expect, it } from 'vitest';
import { HitCache } from './hit-cache';

describe('HitCache', () => {
  it('reads a row once, drops the oldest past its budget, and reads a dropped row again', () => {
    const reads: number[] = [];
    const cache = new HitCache((rid) => {
      reads.push(rid);
      return `{"row":${rid}}`.padEnd(10, ' ');
    }, 30);
    expect([cache.get(1), cache.get(2), cache.get(1)]).toEqual(['{"row":1} ', '{"row":2} ', '{"row":1} ']);
    expect(reads).toEqual([1, 2]);
    cache.get(3);
    cache.get(4); // 40 bytes: row 1, the oldest, goes
    expect(cache.size).toBe(3);
    cache.get(1);
    cache.drop(3);
    cache.get(3);
    expect(reads).toEqual([1, 2, 3, 4, 1, 3]);
  });
});
