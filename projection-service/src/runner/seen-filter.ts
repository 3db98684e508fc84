/** Bits of a SeenFilter (2^28: 32 MiB). */
export const SEEN_FILTER_BITS = 2 ** 28;

/**
 * Which strings (or tuples of strings) were added, as a Bloom filter of two bits each in a fixed bit array: `mayHave` is true
 * for everything added, and for what was never added only when both its bits were set by others (a false positive, never a
 * false negative). A few bits an entry whatever their number, where a Set of 31-bit hashes held a table entry (and, past
 * 2^30, a heap number) each. The parts are hashed one after the other, never joined into one string.
 */
export class SeenFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;

  /** `bits`: a power of two, at least 32 */
  constructor(bits = SEEN_FILTER_BITS) {
    if (bits < 32 || (bits & (bits - 1)) !== 0) throw new Error(`SeenFilter: ${bits} bits is not a power of two of at least 32`);
    this.bits = new Uint32Array(bits / 32);
    this.mask = bits - 1;
  }

  add(a: string, b: string, c = ''): void {
    const h = hash(a, b, c);
    const x = h & this.mask;
    const y = mix(h) & this.mask;
    this.bits[x >>> 5] |= 1 << (x & 31);
    this.bits[y >>> 5] |= 1 << (y & 31);
  }

  mayHave(a: string, b: string, c = ''): boolean {
    const h = hash(a, b, c);
    const x = h & this.mask;
    const y = mix(h) & this.mask;
    return (this.bits[x >>> 5] & (1 << (x & 31))) !== 0 && (this.bits[y >>> 5] & (1 << (y & 31))) !== 0;
  }
}

/** 32-bit FNV-1a of the parts, each followed by a separator (so ('ab', 'c') and ('a', 'bc') differ). */
function hash(a: string, b: string, c: string): number {
  return fnv1a(fnv1a(fnv1a(0x811c9dc5, a), b), c) >>> 0;
}

function fnv1a(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ 0xffff, 0x01000193);
}

/** murmur3's finalizer: a second position from the same hash. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
