import { randomBytes, randomUUID } from 'node:crypto';
import { toBase62 } from '../ids';

/** Where the generated ids come from: random by default (as commands draw them); a test passes a counter to compare two logs. */
export interface GeneratedIds {
  id(): string;
  eventId(): string;
}

const MIN_8 = 62n ** 7n;
const SPAN_8 = 62n ** 8n - MIN_8;
const POOL = 8 * 8192;

/**
 * ids as newId() and newEventId() draw them (random 8-character base62, random UUIDs), with the random
 * bytes of the 8-character ids taken from a pool filled 64 KiB at a time instead of one call per id.
 */
export function randomIds(): GeneratedIds {
  let pool = randomBytes(POOL);
  let at = 0;
  return {
    id() {
      if (at === POOL) {
        pool = randomBytes(POOL);
        at = 0;
      }
      const r = pool.readBigUInt64BE(at) % SPAN_8;
      at += 8;
      return toBase62(MIN_8 + r);
    },
    eventId: randomUUID,
  };
}
