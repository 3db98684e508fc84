/** Page data preloads run at most this many at a time (spec section 7). */
export const MAX_PARALLEL_PRELOADS = 4;

/** A small queue that runs at most `limit` tasks at once; later ones wait their turn. */
export class PrefetchQueue {
  private running = 0;
  private waiting: (() => void)[] = [];
  private keys = new Set<string>();
  constructor(readonly limit = MAX_PARALLEL_PRELOADS) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs the task unless one with the same key is queued or running. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> | null {
    if (this.keys.has(key)) return null;
    this.keys.add(key);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.keys.delete(key);
            this.waiting.shift()?.();
          });
      };
      if (this.running < this.limit) start();
      else this.waiting.push(start);
    });
  }
}
