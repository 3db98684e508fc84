import { dropOldest } from './drop-oldest';

/** Bytes of hit JSON kept (UTF-16 code units count as bytes here: a bound, not an exact size). */
export const HIT_CACHE_BUDGET = 16 << 20;

/**
 * The stored hit JSON of recently answered rows, so a row on many pages is read from SQLite once.
 * Past the budget, the oldest entries go (down to 3/4 of it); the index drops a row's entry when a commit touches it.
 */
export class HitCache {
  private readonly hits = new Map<number, string>();
  private bytes = 0;

  constructor(
    /** the hits of rows that are all stored, in the order asked */
    private readonly read: (rids: readonly number[]) => string[],
    private readonly budget = HIT_CACHE_BUDGET,
  ) {}

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
