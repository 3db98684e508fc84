/** Pages of lists of row ids: a query's tiers of few rows are kept as lists (match-cache.ts). */

/** Above this many rows before the page's end, a page is read by sorting the rows rather than keeping the best so far. */
const TOP_MAX = 256;

/**
 * Rows `skip` to `skip + take` of `rows` in descending order of `key`, ties by row id ascending (the order of
 * sorted-order.ts): the best `skip + take` rows are kept as the rows go by, without sorting them all.
 */
export function pageOfRows(rows: ArrayLike<number>, key: Float64Array, skip: number, take: number): number[] {
  const need = skip + take;
  if (take <= 0 || skip >= rows.length) return [];
  const before = (a: number, b: number) => key[a] > key[b] || (key[a] === key[b] && a < b);
  if (need > TOP_MAX || need * 4 >= rows.length) {
    return Array.from(rows)
      .sort((a, b) => key[b] - key[a] || a - b)
      .slice(skip, need);
  }
  // best rows so far, in page order
  const best: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const rid = rows[i];
    if (best.length === need && !before(rid, best[need - 1])) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(best[mid], rid)) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, rid);
    if (best.length > need) best.pop();
  }
  return best.slice(skip, need);
}
