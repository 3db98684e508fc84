/**
 * Row ids kept sorted by a numeric key, descending, ties by row id ascending
 * (a total order, so a row's place is found by binary search on its key).
 * Small changes are applied in place; big batches re-sort once.
 */
export class SortedOrder {
  ids = new Int32Array(1024);
  len = 0;

  constructor(private readonly key: () => Float64Array) {}

  /** First position whose row is not before (rid, k). */
  private lowerBound(rid: number, k: number): number {
    let lo = 0;
    let hi = this.len;
    const ids = this.ids;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = ids[mid];
      const km = this.key()[m];
      if (km > k || (km === k && m < rid)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Inserts a row using its current key. */
  insert(rid: number): void {
    if (this.len === this.ids.length) {
      const next = new Int32Array(this.ids.length * 2);
      next.set(this.ids);
      this.ids = next;
    }
    const pos = this.lowerBound(rid, this.key()[rid]);
    this.ids.copyWithin(pos + 1, pos, this.len);
    this.ids[pos] = rid;
    this.len += 1;
  }

  /** Removes a row; `k` must be the key it was inserted (or last re-sorted) with. */
  remove(rid: number, k: number): void {
    const pos = this.lowerBound(rid, k);
    if (pos < this.len && this.ids[pos] === rid) {
      this.ids.copyWithin(pos, pos + 1, this.len);
      this.len -= 1;
      return;
    }
    const i = this.ids.subarray(0, this.len).indexOf(rid);
    if (i >= 0) {
      this.ids.copyWithin(i, i + 1, this.len);
      this.len -= 1;
    }
  }

  /** Replaces the content with rows already in this order. */
  restore(sorted: Int32Array): void {
    this.ids = new Int32Array(Math.max(1024, sorted.length * 2));
    this.ids.set(sorted);
    this.len = sorted.length;
  }

  /**
   * Takes every row of `changed` out, then puts `added` (rows whose key may have changed since) in, with their current
   * keys: one pass over the order, the same order a rebuild of the rows gives.
   */
  merge(changed: { has(rid: number): boolean }, added: number[]): void {
    const k = this.key();
    added.sort((a, b) => k[b] - k[a] || a - b);
    const out = new Int32Array(Math.max(1024, (this.len + added.length) * 2));
    let o = 0;
    let j = 0;
    for (let i = 0; i < this.len; i++) {
      const rid = this.ids[i];
      if (changed.has(rid)) continue;
      const kr = k[rid];
      while (j < added.length && (k[added[j]] > kr || (k[added[j]] === kr && added[j] < rid))) out[o++] = added[j++];
      out[o++] = rid;
    }
    while (j < added.length) out[o++] = added[j++];
    this.ids = out;
    this.len = o;
  }

  /** Replaces the content with `rids`, sorted. */
  rebuild(rids: number[]): void {
    const k = this.key();
    rids.sort((a, b) => k[b] - k[a] || a - b);
    this.ids = new Int32Array(Math.max(1024, rids.length * 2));
    this.ids.set(rids);
    this.len = rids.length;
  }
}
