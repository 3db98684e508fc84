import { Bitset } from './bitset';
import { dropOldest } from './drop-oldest';
import { asList, lowerBound, unite, type RowSet } from './row-set';
import { ftsExpression, termMatches, type DocTokens, type TermQuery } from './word-query';

/** One FTS5 term: a word, or a prefix, in every column or in name and slug. */
export interface Term {
  columns: 'all' | 'nameSlug';
  word: string;
  prefix: boolean;
}

/** A row a commit changed: its words after the change (none when it left the index or kept its text). */
export interface TouchedRow {
  rid: number;
  alive: boolean;
  tokens?: DocTokens;
  textSame?: boolean;
}

interface Entry {
  q: TermQuery;
  /** the rows of a common term, as a bit set */
  dense: Bitset | null;
  /** the rows of a rare term, ascending (4 bytes a row instead of a bit per row of the index) */
  rows: Int32Array | null;
  bytes: number;
}

/** Bytes of row sets kept (least recently used go first). */
export const TERM_SETS_BUDGET = 32 << 20;

function without(rows: Int32Array, at: number): Int32Array {
  const out = new Int32Array(rows.length - 1);
  out.set(rows.subarray(0, at));
  out.set(rows.subarray(at + 1), at);
  return out;
}

function withRow(rows: Int32Array, at: number, rid: number): Int32Array {
  const out = new Int32Array(rows.length + 1);
  out.set(rows.subarray(0, at));
  out[at] = rid;
  out.set(rows.subarray(at), at + 1);
  return out;
}

const queryOf = (t: Term): TermQuery => ({ columns: t.columns, exact: t.prefix ? [] : [t.word], prefixes: t.prefix ? [t.word] : [], fuzzy: false });

/**
 * The rows of each FTS5 term already asked for, least recently used dropped first within a byte
 * budget. A query word with typo candidates is the union of its terms' sets, so terms are shared
 * between queries. Small commits re-test only the changed rows against each kept term.
 */
export class TermSets {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    /** the rows an FTS5 expression matches */
    private readonly match: (expression: string) => Bitset,
    private readonly budget = TERM_SETS_BUDGET,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The rows of a term as kept: a bit set for a common term, an ascending list for a rare one (shared: callers must not
   * change either).
   */
  rows(term: Term): Bitset | Int32Array {
    const key = `${term.columns}\u0000${term.prefix ? '*' : '='}${term.word}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.dense ?? hit.rows!;
    }
    const q = queryOf(term);
    const set = this.match(ftsExpression(q));
    const count = set.count();
    const sparse = count === 0 || count * 4 < set.words.byteLength;
    const entry: Entry = sparse
      ? { q, dense: null, rows: asList(set), bytes: count * 4 + 64 }
      : { q, dense: set, rows: null, bytes: set.words.byteLength + 64 };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.bytes = dropOldest(this.entries, this.bytes, this.budget, (e) => e.bytes, key);
    return entry.dense ?? entry.rows!;
  }

  /** The rows of any of several terms: a list while their lists hold `listMax` rows in all, else one new bit set (row-set.ts). */
  unite(terms: readonly Term[], listMax: number): RowSet {
    return unite(
      terms.map((t) => this.rows(t)),
      listMax,
    );
  }

  /**
   * Follows a small commit: each changed row leaves every kept set, and joins those its new words match.
   * A rare term's rows change only where the row's membership does (found by binary search): at 1M projects
   * the kept sets hold millions of rows, and rebuilding each of them on every commit cost 600 ms a command.
   */
  update(touched: readonly TouchedRow[]): void {
    for (const e of this.entries.values()) {
      let rows = e.rows;
      for (const t of touched) {
        if (t.textSame) continue;
        const now = t.alive && t.tokens !== undefined && termMatches(e.q, t.tokens);
        if (e.dense) {
          e.dense.clear(t.rid);
          if (now) e.dense.set(t.rid);
        } else if (rows) {
          const at = lowerBound(rows, t.rid);
          const was = at < rows.length && rows[at] === t.rid;
          if (was !== now) rows = was ? without(rows, at) : withRow(rows, at, t.rid);
        }
      }
      if (rows && rows !== e.rows) {
        this.bytes -= e.bytes;
        e.rows = rows;
        e.bytes = rows.length * 4 + 64;
        this.bytes += e.bytes;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
