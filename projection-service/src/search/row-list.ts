/**
 * Sorted lists of row ids (ascending, no repeats): how a rare term's rows are kept (term-sets.ts), and what a selective
 * query walks instead of AND-ing bit sets of every row of the index.
 */

/**
 * Membership in an ascending list, for rows asked in ascending order: the position only moves forward, by galloping
 * (1, 2, 4... rows ahead, then a binary search), so asking about every row of a list of n rows costs O(n) over a list
 * of similar size and O(n log(m/n)) over a much longer one.
 */
export class RowCursor {
  private at = 0;

  constructor(private readonly rows: Int32Array) {}

  has(rid: number): boolean {
    const rows = this.rows;
    const n = rows.length;
    let lo = this.at;
    if (lo >= n) return false;
    if (rows[lo] >= rid) return rows[lo] === rid;
    // rows[lo] < rid: gallop to a bound whose row is not below rid
    let step = 1;
    let hi = lo + 1;
    while (hi < n && rows[hi] < rid) {
      lo = hi;
      step *= 2;
      hi = lo + step;
    }
    if (hi > n) hi = n;
    // rows[lo] < rid, and rows[hi] >= rid (or hi = n)
    lo += 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid] < rid) lo = mid + 1;
      else hi = mid;
    }
    this.at = lo;
    return lo < n && rows[lo] === rid;
  }
}

/** The union of two ascending lists, ascending, each row once. */
function union2(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x <= y) i++;
    if (y <= x) j++;
    out[o++] = x <= y ? x : y;
  }
  while (i < a.length) out[o++] = a[i++];
  while (j < b.length) out[o++] = b[j++];
  return out.subarray(0, o);
}

/** The union of ascending lists, ascending, each row once (merged two at a time). */
export function unionRows(lists: readonly Int32Array[]): Int32Array {
  let out = lists[0];
  for (let i = 1; i < lists.length; i++) out = union2(out, lists[i]);
  return out;
}

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
