import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';

/** a set of about `density` of the rows below `size`, from a fixed seed */
function randomSet(size: number, density: number, seed: number): Bitset {
  let s = seed;
  const b = new Bitset(0);
  for (let i = 0; i < size; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    if (s / 2147483648 < density) b.set(i);
  }
  return b;
}

describe('Bitset.tiers', () => {
  it('splits a set as the composed and/andNot do, for sets of different lengths and densities', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const match = randomSet(200 + seed * 37, 0.6, seed);
      const first = randomSet(100 + seed * 53, 0.1, seed + 100);
      const second = randomSet(300 + seed * 11, 0.4, seed + 200);
      const t0 = match.and(first);
      const t1 = match.and(second).andNot(t0);
      const t2 = match.andNot(t0).andNot(t1);
      const fused = Bitset.tiers(match, first, second);
      expect(fused.map((t) => t.toArray())).toEqual([t0, t1, t2].map((t) => t.toArray()));
      expect(fused[0].count() + fused[1].count() + fused[2].count()).toBe(match.count());
    }
  });
});
