/** Bytes of hit JSON kept (UTF-16 code units count as bytes here: a bound, not an exact size). */
export const HIT_CACHE_BUDGET = 16 << 20;

/**
 * The stored hit JSON of recently answered rows, so a row on many pages is read from SQLite once.
 * The oldest entries go first past the budget; the index drops a row's entry when a commit touches it.
 */
export class HitCache {
  private readonly hits = new Map<number, string>();
  private bytes = 0;

  constructor(
    private readonly read: (rid: number) => string,
    private readonly budget = HIT_CACHE_BUDGET,
  ) {}

  get size(): number {
    return this.hits.size;
  }

  get(rid: number): string {
    const kept = this.hits.get(rid);
    if (kept !== undefined) return kept;
    const hit = this.read(rid);
    this.hits.set(rid, hit);
    this.bytes += hit.length;
    for (const [old, h] of this.hits) {
      if (this.bytes <= this.budget || old === rid) break;
      this.hits.delete(old);
      this.bytes -= h.length;
    }
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
