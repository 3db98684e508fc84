import { toBase62 } from '../../ids';
import type { GeneratedIds } from '../random-ids';

/** Ids from counters instead of random ones: two runs of the generator write the same log. */
export function counterIds(): GeneratedIds {
  let ids = 0;
  let events = 0;
  return {
    id: () => toBase62(62n ** 7n + BigInt(++ids)),
    eventId: () => `00000000-0000-4000-8000-${(++events).toString(16).padStart(12, '0')}`,
  };
}
