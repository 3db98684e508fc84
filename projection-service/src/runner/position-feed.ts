import { Listeners } from '@modshelf/events/listeners';

/**
 * The positions a projection worker has written up to: `read_models`, the documents (a read of them
 * at that position sees every change up to it); `all`, the documents and the search index, searchable;
 * `indexed` (at least `all`), the documents and the search index, written but perhaps not refreshed yet:
 * a reader that refreshes the index (SearchIndex.refreshNow) then searches at it.
 */
export interface WrittenPositions {
  read_models: number;
  all: number;
  indexed: number;
}

/** The further of each position of `current` and `p`, or null when `p` moves none. */
export function furthest(current: WrittenPositions, p: WrittenPositions): WrittenPositions | null {
  if (p.read_models <= current.read_models && p.all <= current.all && p.indexed <= current.indexed) return null;
  return {
    read_models: Math.max(current.read_models, p.read_models),
    all: Math.max(current.all, p.all),
    indexed: Math.max(current.indexed, p.indexed),
  };
}

/**
 * Written positions as they move, for the query replicas that wait for them (read-your-writes): a
 * worker serves its feed at /positions (position-feed-http.ts), so a waiting read wakes as soon as
 * the write it waits for is done, instead of polling the stores' checkpoints. Positions only move
 * forward: a write that failed is redone, and what was written before it stays readable.
 */
export class PositionFeed {
  private current: WrittenPositions = { read_models: 0, all: 0, indexed: 0 };
  private readonly listeners = new Listeners<WrittenPositions>();

  get(): WrittenPositions {
    return this.current;
  }

  advance(p: WrittenPositions): void {
    const next = furthest(this.current, p);
    if (next === null) return;
    this.current = next;
    this.listeners.emit(next);
  }

  /** Calls listener on every move; returns the call that stops it. */
  subscribe(listener: (positions: WrittenPositions) => void): () => void {
    return this.listeners.add(listener);
  }
}
