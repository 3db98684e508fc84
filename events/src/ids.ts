import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Renders a non-negative integer in Modrinth's base62 alphabet. */
export function toBase62(n: bigint): string {
  if (n === 0n) return '0';
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

export function fromBase62(s: string): bigint | null {
  if (!/^[0-9A-Za-z]{1,11}$/.test(s)) return null;
  let n = 0n;
  for (const ch of s) n = n * 62n + BigInt(ALPHABET.indexOf(ch));
  return n;
}

const MIN_8 = 62n ** 7n; // smallest 8-character value
const SPAN_8 = 62n ** 8n - MIN_8;

/** A random 8-character base62 id, as Modrinth renders ids. */
export function newId(): string {
  const r = randomBytes(8).readBigUInt64BE() % SPAN_8;
  return toBase62(MIN_8 + r);
}

export function isId(s: string): boolean {
  return /^[0-9A-Za-z]{8}$/.test(s);
}

export function newEventId(): string {
  return randomUUID();
}
