import { dropOldest } from './drop-oldest';

/** Bytes of hit JSON kept at least (UTF-16 code units count as bytes here: a bound, not an exact size). */
export const HIT_CACHE_BUDGET = 16 << 20;

/**
 * Bytes of hit JSON kept per row of the index, past HIT_CACHE_BUDGET: the cache keeps the same share of a larger catalogue's
 * hits (from 131,072 rows up; at 100k it is the floor). On the 1M bench catalogue (a site started on the scale section's data,
 * the bench's search mix: 10,000 requests with one client, then 30,000 with 16), four pairs against the 16 MiB floor: 6,147-6,713
 * requests/s with 16 clients against 5,386-6,408 (faster in three pairs), 155-174 µs of the site's CPU a request against 164-191,
 * RSS after the passes 462-469 MB against 464-476. At 1M the budget is 128 MB, which bounds what the cache adds to RSS.
 */
export const HIT_CACHE_BYTES_PER_ROW = 128;

/** The hit cache's budget for an index of `rows` rows. */
export const hitCacheBudget = (rows: number): number => Math.max(HIT_CACHE_BUDGET, rows * HIT_CACHE_BYTES_PER_ROW);

/**
 * The stored hit JSON of recently answered rows, so a row on many pages is read from SQLite once.
 * Past the budget, the oldest entries go (down to 3/4 of it); the index drops a row's entry when a commit touches it, and fits
 * the budget to its rows alive when it loads and after a commit that adds or removes rows.
 */
export class HitCache {
  private readonly hits = new Map<number, string>();
  private bytes = 0;

  constructor(
    /** the hits of rows that are all stored, in the order asked */
    private readonly read: (rids: readonly number[]) => string[],
    /** bytes kept (the index fits it to its rows as they come and go) */
    public budget = HIT_CACHE_BUDGET,
  ) {}

  /** Sets the budget for an index of `rows` rows (hitCacheBudget). */
  fit(rows: number): void {
    this.budget = hitCacheBudget(rows);
  }

  get size(): number {
    return this.hits.size;
  }

  get(rid: number): string {
    return this.getAll([rid])[0];
  }

  /** The hits of `rids`, in order: the rows not kept are read together, in one call. */
  getAll(rids: readonly number[]): string[] {
    const out: string[] = new Array(rids.length);
    const missing: number[] = [];
    for (let i = 0; i < rids.length; i++) {
      const kept = this.hits.get(rids[i]);
      if (kept === undefined) missing.push(rids[i]);
      else out[i] = kept;
    }
    if (missing.length === 0) return out;
    const read = this.read(missing);
    for (let i = 0, j = 0; i < rids.length; i++) if (out[i] === undefined) out[i] = this.keep(rids[i], read[j++]);
    return out;
  }

  private keep(rid: number, hit: string): string {
    if (this.hits.has(rid)) return hit;
    this.hits.set(rid, hit);
    this.bytes += hit.length;
    this.bytes = dropOldest(this.hits, this.bytes, this.budget, (h) => h.length, rid);
    return hit;
  }

  drop(rid: number): void {
    const h = this.hits.get(rid);
    if (h === undefined) return;
    this.hits.delete(rid);
    this.bytes -= h.length;
  }

  clear(): void {
    this.hits.clear();
    this.bytes = 0;
  }
}
