import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';
import { matchKey, wordTerms, wordTiers } from './word-tiers';
import { TermSets, type Term } from './term-sets';
import type { RowSet } from './row-set';

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

describe('wordTiers', () => {
  /** about `density` of the rows below `size`, from a fixed seed */
  const randomRows = (size: number, density: number, seed: number) => {
    let s = seed;
    const out: number[] = [];
    for (let i = 0; i < size; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      if (s / 4294967296 < density) out.push(i);
    }
    return out;
  };
  const rowsOf = (t: RowSet) => (t instanceof Bitset ? t.toArray() : [...t]);

  it('given words of rare and common terms, with typos, ranked or not, then the tiers are what the words’ sets intersected whole give', () => {
    const size = 20_000;
    for (let seed = 1; seed <= 30; seed++) {
      // rare terms (kept as lists) and common ones (bit sets): TermSets keeps a term as a list below 1 row in 8 here
      const density = (i: number) => [0.002, 0.01, 0.05, 0.3, 0.6][(seed + i) % 5];
      const fts: Record<string, number[]> = {};
      const words = ['iron', 'lamp', 'sky'].slice(0, 1 + (seed % 3));
      words.forEach((w, i) => {
        fts[`"${w}"`] = randomRows(size, density(i), seed * 10 + i);
        fts[`"${w}"*`] = randomRows(size, density(i + 1), seed * 10 + i + 3);
        fts[`{name slug} : "${w}"`] = fts[`"${w}"`].filter((_, k) => k % 3 === 0);
        fts[`{name slug} : "${w}"*`] = fts[`"${w}"*`].filter((_, k) => k % 2 === 0);
        fts[`"${w}x"`] = randomRows(size, density(i + 2), seed * 10 + i + 6);
      });
      const sets = new TermSets((expr) => Bitset.fromIterable(fts[expr] ?? []));
      const terms = wordTerms(words, (w) => (seed % 2 === 0 ? [`${w}x`] : []));
      const within = Bitset.fromIterable(randomRows(size, 0.7, seed + 99));
      for (const ranked of [true, false]) {
        // the reference: every set a bit set, intersected whole
        const whole = (t: Term) => Bitset.fromIterable(fts[termExpr(t)] ?? []);
        let any: Bitset | null = null;
        let exact: Bitset | null = null;
        let name: Bitset | null = null;
        for (const w of terms) {
          const anySet = w.any.map(whole).reduce((a, b) => a.or(b));
          any = any ? any.and(anySet) : anySet;
          exact = exact ? exact.and(whole(w.exact)) : whole(w.exact);
          name = name ? name.and(whole(w.name)) : whole(w.name);
        }
        const match = within.and(any!);
        const expected = ranked ? Bitset.tiers(match, name!, exact!) : [match];
        expect(wordTiers(terms, within, ranked, sets).map(rowsOf)).toEqual(expected.map((t) => t.toArray()));
      }
    }
  });
});

/** The FTS5 expression of a term, as the fake above keys its rows. */
const termExpr = (t: Term) => `${t.columns === 'nameSlug' ? '{name slug} : ' : ''}"${t.word}"${t.prefix ? '*' : ''}`;
