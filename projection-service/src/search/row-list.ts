/** Pages of lists of row ids: a query's tiers of few rows are kept as lists (match-cache.ts). */

/** Above this many rows before the page's end, a page is read by sorting the rows rather than keeping the best so far. */
const TOP_MAX = 256;

/**
 * Rows `skip` to `skip + take` of `rows` in descending order of `key`, ties by row id ascending (the order of
 * sorted-order.ts): the best `skip + take` rows are kept as the rows go by, without sorting them all.
 * Each row's key is read once: at a million rows `key` is 8 MB, and a read of it at a random row costs a cache miss, where
 * the copies this keeps are at hand.
 */
export function pageOfRows(rows: ArrayLike<number>, key: Float64Array, skip: number, take: number): number[] {
  const need = skip + take;
  const n = rows.length;
  if (take <= 0 || skip >= n) return [];
  if (need > TOP_MAX || need * 4 >= n) return sortedSlice(rows, key, skip, Math.min(need, n));
  // the best rows so far and their keys, in page order; the last of them once there are `need`
  const best: number[] = [];
  const bestKeys: number[] = [];
  let lastKey = 0;
  let lastRow = 0;
  for (let i = 0; i < n; i++) {
    const rid = rows[i];
    const k = key[rid];
    if (best.length === need && (k < lastKey || (k === lastKey && rid > lastRow))) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bestKeys[mid] > k || (bestKeys[mid] === k && best[mid] < rid)) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, rid);
    bestKeys.splice(lo, 0, k);
    if (best.length > need) {
      best.pop();
      bestKeys.pop();
    }
    lastKey = bestKeys[best.length - 1];
    lastRow = best[best.length - 1];
  }
  return best.slice(skip, need);
}

/** Rows `from` to `to` of `rows` sorted as pageOfRows's: the keys are copied out first, and the sort compares the copies. */
function sortedSlice(rows: ArrayLike<number>, key: Float64Array, from: number, to: number): number[] {
  const n = rows.length;
  const keys = new Float64Array(n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = key[rows[i]];
    order[i] = i;
  }
  order.sort((a, b) => keys[b] - keys[a] || rows[a] - rows[b]);
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(rows[order[i]]);
  return out;
}
