import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';
import { matchKey, selectiveTiers, wordTerms, wordTiers, type WordTerms } from './word-tiers';
import { TermSets, type Term } from './term-sets';

/** rows below 32768 (bit sets of 1024 words): common terms are kept as bit sets, rare ones as lists */
const SIZE = 32768;

function randomRows(density: number, seed: number): number[] {
  let s = seed;
  const out: number[] = [];
  for (let i = 0; i < SIZE; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    if (s / 4294967296 < density) out.push(i);
  }
  return out;
}

const term = (word: string, columns: Term['columns'] = 'all'): Term => ({ columns, word, prefix: false });
const words = (...ws: Array<[word: string, typos: string[]]>): WordTerms[] =>
  ws.map(([w, typos]) => ({ any: [term(w), ...typos.map((t) => term(t))], exact: term(w), name: term(w, 'nameSlug') }));

/** What AND-ing bit sets gives (sqlite-search.ts's other path): match, then the three relevance tiers. */
function composed(ws: WordTerms[], within: Bitset, sets: TermSets, ranked: boolean): number[][] {
  let match = within;
  for (const w of ws) match = match.and(sets.union(w.any));
  if (!ranked) return [match.toArray()];
  const all = (pick: (w: WordTerms) => Term) => ws.map((w) => sets.get(pick(w))).reduce((a, b) => a.and(b));
  return Bitset.tiers(
    match,
    all((w) => w.name),
    all((w) => w.exact),
  ).map((t) => t.toArray());
}

const tiersOf = (tiers: Bitset[] | number[][]) => tiers.map((t) => (Array.isArray(t) ? t : t.toArray()));

describe('selectiveTiers', () => {
  it('given rare and common terms, typos and a filter, then its tiers are those AND-ing the bit sets gives', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const rows: Record<string, number[]> = {
        '"rare"': randomRows(0.004, seed),
        '"rair"': randomRows(0.002, seed + 1),
        '"common"': randomRows(0.4, seed + 2),
        '"other"': randomRows(0.006, seed + 3),
        '"lesser"': randomRows(0.02, seed + 8),
        '{name slug} : "rare"': randomRows(0.002, seed + 4),
        '{name slug} : "common"': randomRows(0.2, seed + 5),
        '{name slug} : "other"': randomRows(0.003, seed + 6),
      };
      const sets = new TermSets((expr) => Bitset.fromIterable(rows[expr] ?? []));
      const within = Bitset.fromIterable(randomRows(seed % 2 ? 1 : 0.5, seed + 7));
      for (const ws of [words(['rare', ['rair']], ['common', []]), words(['common', []], ['other', []]), words(['rare', []], ['other', []], ['common', []])])
        for (const ranked of [true, false]) {
          expect(selectiveTiers(ws, within, ranked, sets)).toEqual(composed(ws, within, sets, ranked));
          expect(tiersOf(wordTiers(ws, within, ranked, sets))).toEqual(composed(ws, within, sets, ranked));
        }
      // a rare word of more rows than a quarter of the bit sets' words: the bit sets answer, the same
      for (const ranked of [true, false]) {
        const ws = words(['lesser', []], ['common', []]);
        expect(selectiveTiers(ws, within, ranked, sets)).toBeNull();
        expect(tiersOf(wordTiers(ws, within, ranked, sets))).toEqual(composed(ws, within, sets, ranked));
      }
    }
  });

  it('given only common terms, then it leaves the query to the bit sets', () => {
    const sets = new TermSets(() => Bitset.fromIterable(randomRows(0.5, 3)));
    expect(selectiveTiers(words(['common', []]), Bitset.fromIterable(randomRows(1, 1)), true, sets)).toBeNull();
  });
});

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
