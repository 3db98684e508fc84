import { Bitset } from './bitset';
import { RowCursor, unionRows } from './row-list';
import type { Term, TermSets } from './term-sets';

/** One query word's terms: the word (and its typo candidates), and, for relevance, the word alone in every column and in name and slug. */
export interface WordTerms {
  /** the row matches the word if it matches any of these */
  any: Term[];
  exact: Term;
  name: Term;
}

/** The selective path walks at most this many rows of its driver per word of a bit set of the index. */
const SELECTIVE_ROWS_PER_WORD = 0.25;

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

/** Membership in a kept set (asked in ascending row order): its bit words, or its ascending rows with a galloping cursor. */
class Member {
  private readonly bits: Uint32Array | null;
  private readonly cursor: RowCursor | null;

  constructor(set: Bitset | Int32Array) {
    this.bits = set instanceof Bitset ? set.words : null;
    this.cursor = set instanceof Bitset ? null : new RowCursor(set);
  }

  has(rid: number): boolean {
    const bits = this.bits;
    if (bits === null) return this.cursor!.has(rid);
    const w = rid >>> 5;
    return w < bits.length && (bits[w] & (1 << (rid & 31))) !== 0;
  }
}

function hasAny(members: readonly Member[], rid: number): boolean {
  for (let i = 0; i < members.length; i++) if (members[i].has(rid)) return true;
  return false;
}

function hasAll(members: readonly Member[], rid: number): boolean {
  for (let i = 0; i < members.length; i++) if (!members[i].has(rid)) return false;
  return true;
}

/**
 * The rows of `within` that match every word, split as the relevance tiers are (every word in name or slug; else every
 * word exactly; else the rest) or, unranked, in one tier: found by walking the rows of the word whose terms are all rare
 * (kept as lists) and fewest, and asking the other sets about each, instead of AND-ing bit sets of every row of the
 * index. Null when every word has a common term (a bit set): the caller AND-s the sets.
 */
export function selectiveTiers(words: readonly WordTerms[], within: Bitset, ranked: boolean, terms: TermSets): number[][] | null {
  const anySets = words.map((w) => w.any.map((t) => terms.rows(t)));
  let driver = -1;
  let fewest = Infinity;
  anySets.forEach((sets, i) => {
    if (sets.some((s) => s instanceof Bitset)) return;
    const size = sets.reduce((n, s) => n + (s as Int32Array).length, 0);
    if (size < fewest) [driver, fewest] = [i, size];
  });
  // a driver of more rows than a bit set has words: AND-ing the bit sets costs less than asking about each row
  if (driver < 0 || fewest > within.words.length * SELECTIVE_ROWS_PER_WORD) return null;
  const rows = unionRows(anySets[driver] as Int32Array[]);
  const others = anySets.flatMap((sets, i) => (i === driver ? [] : [sets.map((set) => new Member(set))]));
  const names = ranked ? words.map((w) => new Member(terms.rows(w.name))) : [];
  const exacts = ranked ? words.map((w) => new Member(terms.rows(w.exact))) : [];
  const inside = new Member(within);
  const tiers: number[][] = ranked ? [[], [], []] : [[]];
  const [t0, t1, t2] = tiers;
  next: for (let i = 0; i < rows.length; i++) {
    const rid = rows[i];
    if (!inside.has(rid)) continue;
    for (let o = 0; o < others.length; o++) if (!hasAny(others[o], rid)) continue next;
    if (!ranked || hasAll(names, rid)) t0.push(rid);
    else if (hasAll(exacts, rid)) t1.push(rid);
    else t2.push(rid);
  }
  return tiers;
}

/**
 * The rows of `within` that match every word, as relevance tiers (ranked) or one tier: lists of rows when a word is
 * rare (selectiveTiers), else bit sets, AND-ed.
 */
export function wordTiers(words: readonly WordTerms[], within: Bitset, ranked: boolean, terms: TermSets): Bitset[] | number[][] {
  const selective = selectiveTiers(words, within, ranked, terms);
  if (selective) return selective;
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
