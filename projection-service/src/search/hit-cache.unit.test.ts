import { describe, expect, it } from 'vitest';
import { HIT_CACHE_BUDGET, HIT_CACHE_BYTES_PER_ROW, HitCache, hitCacheBudget } from './hit-cache';

describe('HitCache', () => {
  it('reads a row once, drops the oldest past its budget, and reads a dropped row again', () => {
    const reads: number[] = [];
    const cache = new HitCache((rids) => {
      reads.push(...rids);
      return rids.map((rid) => `{"row":${rid}}`.padEnd(10, ' '));
    }, 30);
    expect([cache.get(1), cache.get(2), cache.get(1)]).toEqual(['{"row":1} ', '{"row":2} ', '{"row":1} ']);
    expect(reads).toEqual([1, 2]);
    cache.get(3);
    cache.get(4); // 40 bytes: rows 1 and 2, the oldest, go (down to 3/4 of the budget)
    expect(cache.size).toBe(2);
    cache.get(1);
    cache.drop(3);
    cache.get(3);
    expect(reads).toEqual([1, 2, 3, 4, 1, 3]);
  });

  it('given a page of kept and new rows, then it reads the new ones in one call and answers in the order asked', () => {
    const calls: number[][] = [];
    const cache = new HitCache((rids) => {
      calls.push([...rids]);
      return rids.map((rid) => `h${rid}`);
    });
    cache.get(5);
    expect(cache.getAll([9, 5, 2, 7])).toEqual(['h9', 'h5', 'h2', 'h7']);
    expect(cache.getAll([2, 5])).toEqual(['h2', 'h5']);
    expect(calls).toEqual([[5], [9, 2, 7]]);
  });

  it('keeps more once fitted to a larger index', () => {
    const cache = new HitCache((rids) => rids.map((rid) => `h${String(rid).padStart(9, '0')}`), 30);
    for (const rid of [1, 2, 3, 4]) cache.get(rid);
    expect(cache.size).toBe(2);
    cache.fit(1_000_000);
    for (const rid of [5, 6, 7, 8]) cache.get(rid);
    expect(cache.budget).toBe(hitCacheBudget(1_000_000));
    expect(cache.size).toBe(6);
  });

  it('is budgeted at least HIT_CACHE_BUDGET, and past it HIT_CACHE_BYTES_PER_ROW a row', () => {
    expect(hitCacheBudget(0)).toBe(HIT_CACHE_BUDGET);
    expect(hitCacheBudget(100_000)).toBe(HIT_CACHE_BUDGET);
    expect(hitCacheBudget(1_000_000)).toBe(1_000_000 * HIT_CACHE_BYTES_PER_ROW);
  });
});
