/** Optimal-string-alignment distance, giving up (returning k + 1) once it must exceed k. */
export function boundedDistance(a: string, b: string, k: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > k) return k + 1;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > k) return k + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb];
}

/** Edits a word of this length may carry: one for 5+ letters, two for 9+. */
export function allowedTypos(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

function letterMask(w: string): number {
  let m = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    m |= c >= 97 && c <= 122 ? 1 << (c - 97) : 1 << (26 + (c % 6));
  }
  return m;
}

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

interface Bucket {
  words: string[];
  masks: number[];
  set: Set<string>;
}

/**
 * The index's words (those of 4+ letters without digits, the only ones typos
 * apply to), bucketed by length with a letter-set mask: one edit changes at most
 * two letters of the set, so most words are ruled out before the edit distance.
 */
export class Vocabulary {
  private readonly byLength = new Map<number, Bucket>();
  private readonly cache = new Map<string, string[]>();
  size = 0;

  /** Adds a word; true when it was new. */
  add(word: string): boolean {
    if (word.length < 4 || /\d/.test(word)) return false;
    let bucket = this.byLength.get(word.length);
    if (!bucket) this.byLength.set(word.length, (bucket = { words: [], masks: [], set: new Set() }));
    if (bucket.set.has(word)) return false;
    bucket.set.add(word);
    bucket.words.push(word);
    bucket.masks.push(letterMask(word));
    this.size += 1;
    if (this.cache.size) this.cache.clear();
    return true;
  }

  /** Every word held, by length then in the order added. */
  words(): string[] {
    return [...this.byLength.values()].flatMap((b) => b.words);
  }

  has(word: string): boolean {
    return this.byLength.get(word.length)?.set.has(word) ?? false;
  }

  clear(): void {
    this.byLength.clear();
    this.cache.clear();
    this.size = 0;
  }

  /** Other words within the allowed number of edits, closest first (at most `max`). */
  candidates(word: string, max = 24): string[] {
    const k = allowedTypos(word);
    if (k === 0 || /\d/.test(word)) return [];
    const hit = this.cache.get(word);
    if (hit) return hit;
    const mask = letterMask(word);
    const found: Array<[number, string]> = [];
    for (let len = word.length - k; len <= word.length + k; len++) {
      const bucket = this.byLength.get(len);
      if (!bucket) continue;
      const { words, masks } = bucket;
      for (let i = 0; i < words.length; i++) {
        if (popcount(masks[i] ^ mask) > 2 * k) continue;
        const w = words[i];
        if (w === word) continue;
        const d = boundedDistance(word, w, k);
        if (d <= k) found.push([d, w]);
      }
    }
    found.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1));
    const out = found.slice(0, max).map((f) => f[1]);
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(word, out);
    return out;
  }
}
