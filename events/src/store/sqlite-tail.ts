import type { RecordedEvent } from '../envelope';
import { toRecorded, type Row } from './sqlite-rows';

/** How many batches a SharedTail keeps. */
export const SHARED_TAIL_BATCHES = 8;

/**
 * The log after a position, as the subscriptions of one store read it: a batch read (and parsed) for one subscription
 * is kept, and another subscription reading after the same position is given the same events instead of reading them
 * again. A kept batch stays right however long it is kept: positions only grow and a committed event never changes,
 * so it is a prefix of what the log holds after its position (the subscription reads the rest on its next turn).
 * The events are shared between subscriptions: handlers must not change them. Under the test runner (vitest sets
 * VITEST) every kept event is deep-frozen, so a handler that changes one throws in its tests instead of corrupting
 * another subscription's view in production.
 */
const FREEZE = Boolean(process.env.VITEST);

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

export class SharedTail {
  private readonly batches = new Map<number, RecordedEvent[]>();

  constructor(private readonly read: (after: number) => Row[]) {}

  after(position: number): RecordedEvent[] {
    const kept = this.batches.get(position);
    if (kept) return kept;
    const events = this.read(position).map(toRecorded);
    if (FREEZE) for (const e of events) deepFreeze(e);
    // an empty batch is not kept: the next read after the same position must see what was appended since
    if (events.length > 0) {
      this.batches.set(position, events);
      if (this.batches.size > SHARED_TAIL_BATCHES) this.batches.delete(this.batches.keys().next().value!);
    }
    return events;
  }
}
