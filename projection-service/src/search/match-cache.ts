import { Bitset } from './bitset';
import { dropOldest } from './drop-oldest';
import { asBitset, asList, countOf, type RowSet } from './row-set';

/** The rows a query and filter match, split in tiers (bit sets, or ascending lists of rows), with each tier's count. */
export interface Match {
  tiers: Array<Bitset | Int32Array>;
  counts: number[];
}

/** A tier of at most this many rows is kept as a list (its page is sorted from the rows, not walked in a sort order). */
const LIST_MAX = 2000;

/** Tiers as kept: a list of at most LIST_MAX rows, else the bit set (a page of it walks the sort order). */
export function kept(tiers: readonly RowSet[]): Match {
  const counts = tiers.map(countOf);
  return {
    tiers: tiers.map((t, i) => (counts[i] <= LIST_MAX ? asList(t) : asBitset(t))),
    counts,
  };
}

/** Bytes of matches kept (least recently used go first). */
export const MATCH_CACHE_BUDGET = 128 << 20;

const bytesOf = (m: Match) => m.tiers.reduce((n, t) => n + (t instanceof Int32Array ? t.byteLength : t.words.byteLength) + 64, 0);

/**
 * The matches of recent queries and filters, whatever their sort and page: another page, or another sort, of a query
 * reads its rows here instead of matching them again. The index clears it on every write, as the result cache.
 */
export class MatchCache {
  private readonly entries = new Map<string, { match: Match; bytes: number }>();
  private bytes = 0;

  constructor(private readonly budget = MATCH_CACHE_BUDGET) {}

  get size(): number {
    return this.entries.size;
  }

  /** The match kept under `key`, else the one `find` gives (kept, shared: callers must not change its sets). */
  get(key: string, find: () => Match): Match {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.match;
    }
    const match = find();
    const bytes = bytesOf(match);
    this.entries.set(key, { match, bytes });
    this.bytes += bytes;
    this.bytes = dropOldest(this.entries, this.bytes, this.budget, (e) => e.bytes, key);
    return match;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
