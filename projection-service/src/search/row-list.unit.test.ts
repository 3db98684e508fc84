import { describe, expect, it } from 'vitest';
import { pageOfRows } from './row-list';

/** ascending distinct rows below `size`, about `density` of them, from a fixed seed */
function randomRows(size: number, density: number, seed: number): Int32Array {
  let s = seed;
  const out: number[] = [];
  for (let i = 0; i < size; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    if (s / 4294967296 < density) out.push(i);
  }
  return Int32Array.from(out);
}

describe('pageOfRows', () => {
  it('given rows with tied and distinct keys, when any page is asked, then it is that slice of the rows sorted by key descending, then row ascending', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rows = randomRows(3000, 0.2, seed);
      const key = new Float64Array(3000);
      let s = seed;
      for (let i = 0; i < key.length; i++) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        key[i] = Math.floor((s / 4294967296) * 40);
      }
      const sorted = [...rows].sort((a, b) => key[b] - key[a] || a - b);
      for (const [skip, take] of [
        [0, 10],
        [40, 10],
        [0, 1],
        [95, 100],
        [590, 20],
        [5000, 10],
      ])
        expect(pageOfRows(rows, key, skip, take)).toEqual(sorted.slice(skip, skip + take));
    }
  });

  it('given nothing to take, then the page is empty', () => {
    expect(pageOfRows([1, 2], new Float64Array(3), 0, 0)).toEqual([]);
  });
});
