/**
 * The positions a projection worker has written up to: `read_models`, the documents (a read of them
 * at that position sees every change up to it), and `all`, the documents and the search index.
 */
export interface WrittenPositions {
  read_models: number;
  all: number;
}

/**
 * Written positions as they move, for the query replicas that wait for them (read-your-writes): a
 * worker serves its feed at /positions (position-feed-http.ts), so a waiting read wakes as soon as
 * the write it waits for is done, instead of polling the stores' checkpoints. Positions only move
 * forward: a write that failed is redone, and what was written before it stays readable.
 */
export class PositionFeed {
  private current: WrittenPositions = { read_models: 0, all: 0 };
  private readonly listeners = new Set<(positions: WrittenPositions) => void>();

  get(): WrittenPositions {
    return this.current;
  }

  advance(p: WrittenPositions): void {
    const next = { read_models: Math.max(this.current.read_models, p.read_models), all: Math.max(this.current.all, p.all) };
    if (next.read_models === this.current.read_models && next.all === this.current.all) return;
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }

  /** Calls listener on every move; returns the call that stops it. */
  subscribe(listener: (positions: WrittenPositions) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
