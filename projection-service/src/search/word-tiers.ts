import { Bitset } from './bitset';
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

/** The rows of `within` that match every word, as the relevance tiers (ranked) or in one tier: the bit sets, AND-ed. */
export function wordTiers(words: readonly WordTerms[], within: Bitset, ranked: boolean, terms: TermSets): Bitset[] {
  let anyAll: Bitset | null = null;
  let exactAll: Bitset | null = null;
  let nameAll: Bitset | null = null;
  for (const w of words) {
    const exactSet = terms.get(w.exact);
    const anySet = w.any.length > 1 ? terms.union(w.any) : exactSet;
    anyAll = anyAll ? anyAll.and(anySet) : anySet;
    // the relevance tiers only: every word in name or slug, every word exactly
    if (!ranked) continue;
    const nameSet = terms.get(w.name);
    exactAll = exactAll ? exactAll.and(exactSet) : exactSet;
    nameAll = nameAll ? nameAll.and(nameSet) : nameSet;
  }
  const match = within.and(anyAll!);
  return ranked ? Bitset.tiers(match, nameAll!, exactAll!) : [match];
}
