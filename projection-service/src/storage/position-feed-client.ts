import { furthest, type WrittenPositions } from '../runner/position-feed';

/** What a query replica reads of the workers' position feeds (storageProjections' `feeds`). */
export interface WorkerFeeds {
  /** The highest positions any worker has sent. */
  positions(): WrittenPositions;
  /** true while at least one feed is connected. */
  connected(): boolean;
  /** How many feeds are connected, of how many followed. */
  status(): { connected: number; of: number };
  /** Resolves at the next move of any feed, or after ms. */
  next(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Wait before connecting again to a feed that failed or ended (ms). */
const RETRY_MS = 1000;

/**
 * The position feeds (server-sent events, position-feed-http.ts) of the projection workers at
 * `urls`, each kept connected and connected again when it drops. Every worker of the group is
 * listed: the active one moves its positions, the standbys hold theirs, and the highest wins.
 */
export class WorkerFeedClient implements WorkerFeeds {
  private current: WrittenPositions = { read_models: 0, all: 0, indexed: 0 };
  private open = 0;
  private waiters = new Set<() => void>();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[];

  constructor(
    urls: readonly string[],
    private readonly log: (msg: string) => void = () => {},
  ) {
    this.loops = urls.map((url) => this.follow(`${url.replace(/\/$/, '')}/positions`));
  }

  positions(): WrittenPositions {
    return this.current;
  }

  connected(): boolean {
    return this.open > 0;
  }

  status(): { connected: number; of: number } {
    return { connected: this.open, of: this.loops.length };
  }

  next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  async close(): Promise<void> {
    this.abort.abort();
    this.wakeAll();
    await Promise.all(this.loops);
  }

  private receive(p: Partial<WrittenPositions>): void {
    if (!Number.isFinite(p.read_models) || !Number.isFinite(p.all) || !Number.isFinite(p.indexed)) throw new Error(`not a position: ${JSON.stringify(p)}`);
    const next = furthest(this.current, p as WrittenPositions);
    if (next === null) return;
    this.current = next;
    this.wakeAll();
  }

  private wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** Reads one feed until the client closes, connecting again after a failure. */
  private async follow(url: string): Promise<void> {
    const signal = this.abort.signal;
    // said once per outage, not at every retry
    let said = false;
    while (!signal.aborted) {
      let counted = false;
      try {
        const res = await fetch(url, { signal, headers: { accept: 'text/event-stream' } });
        if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`);
        this.open++;
        counted = true;
        said = false;
        const decoder = new TextDecoder();
        let buffer = '';
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of event.split('\n')) if (line.startsWith('data: ')) this.receive(JSON.parse(line.slice(6)) as Partial<WrittenPositions>);
          }
        }
      } catch (err) {
        if (!signal.aborted && !said) this.log(`position feed ${url}: ${String(err)}; reads poll the checkpoints until it is back`);
        said = true;
      } finally {
        // a waiting read polls the stores again at once while no feed is connected
        if (counted && --this.open === 0) this.wakeAll();
      }
      if (!signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}
