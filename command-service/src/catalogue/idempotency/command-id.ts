import { createHash } from 'node:crypto';

/**
 * The command id of a request that carries an Idempotency-Key: derived from the actor and the
 * key (a UUID-shaped sha256), so the events a first attempt wrote can be recognised in the log
 * when a retry comes after a crash that lost the first attempt's answer.
 */
export function idempotentCommandId(actor: string, key: string): string {
  const h = createHash('sha256').update(`${actor}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
