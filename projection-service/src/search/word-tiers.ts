import { Bitset } from './bitset';
import { asBitset, heldByAll, intersect, intersectAll, type RowSet } from './row-set';
import type { Term, TermSets } from './term-sets';

/** One query word's terms: the word (and its typo candidates), and, for relevance, the word alone in every column and in name and slug. */
export interface WordTerms {
  /** the row matches the word if it matches any of these */
  any: Term[];
  exact: Term;
  name: Term;
}

/** A query's words as terms: the last word also matches as a prefix (as-you-type), a word also matches its typo candidates. */
export function wordTerms(words: readonly string[], candidates: (word: string) => string[]): WordTerms[] {
  return words.map((w, i) => {
    const exact: Term = { columns: 'all', word: w, prefix: i === words.length - 1 };
    const typos = candidates(w).map((c): Term => ({ columns: 'all', word: c, prefix: false }));
    return { any: [exact, ...typos], exact, name: { ...exact, columns: 'nameSlug' } };
  });
}

/**
 * What decides the rows a query matches and their tiers: each word's terms that match any row, the filter, whether it
 * is ranked. Two typos of one word whose only matching term is that word's (say 'lantrens' and 'lantxrns') share a key.
 */
export function matchKey(words: readonly WordTerms[], filter: unknown, ranked: boolean, terms: TermSets): string {
  const id = (t: Term) => {
    const rows = terms.rows(t);
    return rows instanceof Int32Array && rows.length === 0 ? '' : `${t.columns}${t.prefix ? '*' : '='}${t.word}`;
  };
  const ids = words.map((w) => [w.any.map(id).filter((i) => i !== ''), ranked ? id(w.exact) : '', ranked ? id(w.name) : '']);
  return JSON.stringify([ids, filter, ranked]);
}

/**
 * The rows of `within` that match every word, as the relevance tiers (ranked: every word in name or slug, else every word
 * exactly, else the rest) or in one tier. The rarest word's rows are intersected with the others' first: a query with a
 * rare word reads a bit of each other set for each of its rows, and never reads a whole set. When what matches is a list,
 * each of its rows finds its tier in the words' own sets (walked beside it); else the tiers are the sets intersected whole (Bitset.tiers).
 */
export function wordTiers(words: readonly WordTerms[], within: Bitset, ranked: boolean, terms: TermSets): RowSet[] {
  // a word's terms merged stay a list while it is no larger than a bit set of the index (4 bytes a row against 4 a word of 32
  // rows, as TermSets keeps a term): at 100k rows a bit set is 12.5 KB, and its operations cost less than the lists'
  const listMax = within.words.length;
  const anySets = words.map((w) => (w.any.length > 1 ? terms.unite(w.any, listMax) : terms.rows(w.exact)));
  const match = intersect(intersectAll(anySets), within);
  if (!ranked) return [match];
  const nameSets = words.map((w) => terms.rows(w.name));
  const exactSets = words.map((w) => terms.rows(w.exact));
  if (match instanceof Bitset) return Bitset.tiers(match, asBitset(intersectAll(nameSets)), asBitset(intersectAll(exactSets)));
  const inName = heldByAll(match, nameSets);
  const inExact = heldByAll(match, exactSets);
  const tiers: number[][] = [[], [], []];
  for (let i = 0; i < match.length; i++) tiers[inName[i] === 1 ? 0 : inExact[i] === 1 ? 1 : 2].push(match[i]);
  return tiers.map((t) => Int32Array.from(t));
}
