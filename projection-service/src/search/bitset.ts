/** A growable bit set over row ids (dense small integers). */
export class Bitset {
  words: Uint32Array;

  constructor(words = 0) {
    this.words = new Uint32Array(words);
  }

  static forSize(bits: number): Bitset {
    return new Bitset((bits >>> 5) + 1);
  }

  ensure(bit: number): void {
    const need = (bit >>> 5) + 1;
    if (need <= this.words.length) return;
    const next = new Uint32Array(Math.max(need, this.words.length * 2, 64));
    next.set(this.words);
    this.words = next;
  }

  set(bit: number): void {
    this.ensure(bit);
    this.words[bit >>> 5] |= 1 << (bit & 31);
  }

  clear(bit: number): void {
    const w = bit >>> 5;
    if (w < this.words.length) this.words[w] &= ~(1 << (bit & 31));
  }

  has(bit: number): boolean {
    const w = bit >>> 5;
    return w < this.words.length && (this.words[w] & (1 << (bit & 31))) !== 0;
  }

  clone(): Bitset {
    const b = new Bitset(0);
    b.words = this.words.slice();
    return b;
  }

  and(o: Bitset): Bitset {
    const a = this.words;
    const b = o.words;
    const n = Math.min(a.length, b.length);
    const r = new Bitset(n);
    const w = r.words;
    for (let i = 0; i < n; i++) w[i] = a[i] & b[i];
    return r;
  }

  or(o: Bitset): Bitset {
    const r = new Bitset(Math.max(this.words.length, o.words.length));
    r.words.set(this.words);
    r.orWith(o);
    return r;
  }

  /** Adds the rows of `o` to this set (in place). */
  orWith(o: Bitset): void {
    if (o.words.length > this.words.length) this.ensure(o.words.length * 32 - 1);
    const w = this.words;
    const b = o.words;
    for (let i = 0; i < b.length; i++) w[i] |= b[i];
  }

  andNot(o: Bitset): Bitset {
    const r = this.clone();
    const w = r.words;
    const b = o.words;
    const n = Math.min(w.length, b.length);
    for (let i = 0; i < n; i++) w[i] &= ~b[i];
    return r;
  }

  count(): number {
    let c = 0;
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let v = w[i];
      if (v === 0) continue;
      v = v - ((v >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      c += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return c;
  }

  /** Members in increasing order. */
  toArray(): number[] {
    const out: number[] = [];
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let v = w[i];
      while (v !== 0) {
        const t = v & -v;
        out.push((i << 5) + (31 - Math.clz32(t)));
        v ^= t;
      }
    }
    return out;
  }

  /**
   * In one pass, without the intermediate sets: `match` split into its rows in `first`, its rows in `second` but
   * not in `first`, and the rest (what `match.and(first)`, `match.and(second).andNot(t0)`, `match.andNot(t0).andNot(t1)` give).
   */
  static tiers(match: Bitset, first: Bitset, second: Bitset): [Bitset, Bitset, Bitset] {
    const m = match.words;
    const a = first.words;
    const b = second.words;
    const n = m.length;
    const t0 = new Bitset(n);
    const t1 = new Bitset(n);
    const t2 = new Bitset(n);
    for (let i = 0; i < n; i++) {
      const w = m[i];
      if (w === 0) continue;
      const x = w & (i < a.length ? a[i] : 0);
      const y = w & (i < b.length ? b[i] : 0) & ~x;
      t0.words[i] = x;
      t1.words[i] = y;
      t2.words[i] = w & ~x & ~y;
    }
    return [t0, t1, t2];
  }

  /** The set of a comma-separated list of row ids (SQLite's group_concat), sized for `words` words. */
  static fromList(list: string, words: number): Bitset {
    const b = new Bitset(words);
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list.charCodeAt(i);
      if (c === 44) {
        b.set(n);
        n = 0;
      } else n = n * 10 + (c - 48);
    }
    if (list.length > 0) b.set(n);
    return b;
  }

  static fromIterable(ids: Iterable<number>): Bitset {
    const b = new Bitset(0);
    for (const id of ids) b.set(id);
    return b;
  }
}
