import { Bitset } from './bitset';

/**
 * Rows of the index: a bit set, or an ascending list of row ids (a rare term's rows, and what matching a query leaves of
 * them). At a million rows a bit set is 125 KB, and every operation on it reads and writes all of it: intersecting a
 * list of a few thousand rows with it instead reads a bit of it for each row, and makes no new set.
 */
export type RowSet = Bitset | Int32Array;

/** Sets the bits of `rows` in `b`, which is long enough to hold them. */
function addRows(b: Bitset, rows: Int32Array): void {
  const w = b.words;
  for (let i = 0; i < rows.length; i++) w[rows[i] >>> 5] |= 1 << (rows[i] & 31);
}

/** The set of ascending `rows`. */
export function bitsetOf(rows: Int32Array): Bitset {
  const b = Bitset.forSize(rows.length > 0 ? rows[rows.length - 1] : 0);
  addRows(b, rows);
  return b;
}

export const asBitset = (s: RowSet): Bitset => (s instanceof Bitset ? s : bitsetOf(s));

export const asList = (s: RowSet): Int32Array => (s instanceof Int32Array ? s : Int32Array.from(s.toArray()));

/** First index of ascending `rows` whose value is not below `rid`. */
export function lowerBound(rows: Int32Array, rid: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid] < rid) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * For each of ascending `rows`, 1 when every set holds it, else 0: a bit set is read at each row, a list is walked beside
 * the rows (no search per row).
 */
export function heldByAll(rows: Int32Array, sets: readonly RowSet[]): Uint8Array {
  const flags = new Uint8Array(rows.length).fill(1);
  for (const s of sets) {
    if (s instanceof Bitset) {
      for (let i = 0; i < rows.length; i++) if (flags[i] === 1 && !s.has(rows[i])) flags[i] = 0;
      continue;
    }
    let j = 0;
    for (let i = 0; i < rows.length; i++) {
      while (j < s.length && s[j] < rows[i]) j++;
      if (j === s.length || s[j] !== rows[i]) flags[i] = 0;
    }
  }
  return flags;
}

/** The rows of a list that `s` holds, as a list. */
function filterList(rows: Int32Array, s: RowSet): Int32Array {
  const out = new Int32Array(rows.length);
  let n = 0;
  if (s instanceof Bitset) {
    const w = s.words;
    for (let i = 0; i < rows.length; i++) {
      const rid = rows[i];
      const at = rid >>> 5;
      if (at < w.length && (w[at] & (1 << (rid & 31))) !== 0) out[n++] = rid;
    }
  } else {
    // both ascending: one pass over each
    for (let i = 0, j = 0; i < rows.length && j < s.length;) {
      if (rows[i] < s[j]) i++;
      else if (rows[i] > s[j]) j++;
      else {
        out[n++] = rows[i];
        i++;
        j++;
      }
    }
  }
  return out.slice(0, n);
}

/** The rows in both sets: a list when either is one (the result is no larger than it), else a new bit set. */
export function intersect(a: RowSet, b: RowSet): RowSet {
  if (a instanceof Int32Array) return filterList(a, b);
  if (b instanceof Int32Array) return filterList(b, a);
  return a.and(b);
}

/** The rows in every set, the smallest lists first (so each step reads the fewest rows). */
export function intersectAll(sets: readonly RowSet[]): RowSet {
  const order = [...sets].sort((x, y) => sizeHint(x) - sizeHint(y));
  let out = order[0];
  for (let i = 1; i < order.length; i++) out = intersect(out, order[i]);
  return out;
}

/** A list's length; a bit set counts as larger than any list (counting its rows would read all of it). */
const sizeHint = (s: RowSet): number => (s instanceof Int32Array ? s.length : Number.MAX_SAFE_INTEGER);

/**
 * The rows in any of the sets: a list when they are all lists of `listMax` rows in all at most, else one new bit set
 * (a list's rows set in it one by one, a bit set's words or-ed in).
 */
export function unite(sets: readonly RowSet[], listMax: number): RowSet {
  if (sets.length === 1) return sets[0];
  let total = 0;
  let words = 0;
  for (const s of sets) {
    total += sizeHint(s);
    words = Math.max(words, s instanceof Bitset ? s.words.length : s.length > 0 ? (s[s.length - 1] >>> 5) + 1 : 0);
  }
  if (total <= listMax) return mergeLists(sets as readonly Int32Array[]);
  const out = new Bitset(words);
  for (const s of sets) {
    if (s instanceof Bitset) out.orWith(s);
    else addRows(out, s);
  }
  return out;
}

/** The union of ascending lists, ascending: merged two at a time (a word has a few typo candidates). */
function mergeLists(lists: readonly Int32Array[]): Int32Array {
  let out = lists[0];
  for (let k = 1; k < lists.length; k++) out = mergeTwo(out, lists[k]);
  return out;
}

function mergeTwo(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) out[n++] = a[i++];
    else if (a[i] > b[j]) out[n++] = b[j++];
    else {
      out[n++] = a[i++];
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++];
  while (j < b.length) out[n++] = b[j++];
  return out.slice(0, n);
}

export const countOf = (s: RowSet): number => (s instanceof Int32Array ? s.length : s.count());
