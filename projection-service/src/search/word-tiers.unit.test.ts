import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';
import { matchKey, wordTerms } from './word-tiers';
import { TermSets } from './term-sets';

describe('matchKey', () => {
  const rows: Record<string, number[]> = { '"lanterns"': [3, 9], '"iron"': [1, 3], '"iron"*': [1, 3, 4], '{name slug} : "iron"*': [3] };
  const sets = new TermSets((expr) => Bitset.fromIterable(rows[expr] ?? []));
  const key = (words: string[], candidates: Record<string, string[]>, ranked = true) =>
    matchKey(
      wordTerms(words, (w) => candidates[w] ?? []),
      [],
      ranked,
      sets,
    );

  it('given two typos of one word that match only its rows, then they share a key', () => {
    expect(key(['lantrens'], { lantrens: ['lanterns'] })).toBe(key(['lantxrns'], { lantxrns: ['lanterns'] }));
  });

  it('given queries whose terms match other rows, or another ranking, then their keys differ', () => {
    const keys = [key(['lantrens'], { lantrens: ['lanterns'] }), key(['iron'], {}), key(['lanterns'], {}), key(['iron'], {}, false)];
    expect(new Set(keys).size).toBe(4);
  });
});
