/**
 * The refreshes of one OpenSearch index: what makes the documents written to it searchable.
 *
 * A writer that defers them (OpenSearchIndexOptions.deferRefresh) calls `after(position)` once a
 * position is written: one refresh at a time, started at most once every `everyMs`, each covering
 * every position written before it started, and `visible(position)` once it is done. A failed
 * refresh is kept in `error` and tried again.
 *
 * A reader that knows a position is written and wants to search at it calls `now()`: a refresh
 * that starts after the call, shared by every caller that came while one was already running.
 */
export class OpenSearchRefresher {
  /** the highest position written and not yet known visible, and the position made visible */
  private target = 0;
  private done = 0;
  private running: Promise<void> | null = null;
  private lastStart = 0;
  private closed = false;
  /** reset() or close() began: a refresh waiting out `everyMs` starts at once */
  private rush = false;
  private hurry: (() => void) | null = null;
  /** the last error of a deferred refresh (it is retried) */
  error: unknown = null;
  /** the readers' refresh running now, and the one queued behind it for the readers that came meanwhile */
  private current: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly refresh: () => Promise<unknown>,
    private readonly visible: (position: number) => void,
    /** least time between the starts of two deferred refreshes (ms) */
    private readonly everyMs: number,
  ) {}

  /** The writer wrote every change up to `position`: a deferred refresh makes it searchable. */
  after(position: number): void {
    this.target = Math.max(this.target, position);
    this.running ??= this.loop().finally(() => {
      this.running = null;
      if (!this.closed && this.target > this.done) this.after(this.target);
    });
  }

  /** A position with nothing new to refresh: said visible by the running refresh, or at once when none runs. */
  behind(position: number): boolean {
    if (!this.running) return false;
    this.target = Math.max(this.target, position);
    return true;
  }

  private async loop(): Promise<void> {
    while (!this.closed && this.target > this.done) {
      const wait = this.lastStart + this.everyMs - Date.now();
      if (wait > 0 && !this.rush)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.hurry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      this.hurry = null;
      const target = this.target;
      this.lastStart = Date.now();
      try {
        await this.refresh();
        this.visible(target);
        this.done = Math.max(this.done, target);
        this.error = null;
      } catch (err) {
        this.error = err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Searches see every change written before the call once it resolves. */
  now(): Promise<void> {
    if (!this.current) return this.start();
    this.queued ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const refresh = this.refresh().then(() => undefined);
    this.current = refresh;
    const clear = () => {
      if (this.current === refresh) this.current = null;
    };
    refresh.then(clear, clear);
    return refresh;
  }

  /** Starts a refresh waiting out `everyMs` at once. */
  private hurryUp(): void {
    this.rush = true;
    this.hurry?.();
  }

  /** Lets a pending deferred refresh finish, started at once, and forgets the positions (the index is dropped). */
  async reset(): Promise<void> {
    this.hurryUp();
    await this.running;
    this.rush = false;
    this.target = 0;
    this.done = 0;
  }

  /** Lets a pending deferred refresh finish, started at once (bounded by `boundMs`), then stops. */
  async close(boundMs: number): Promise<void> {
    this.hurryUp();
    if (this.running) await Promise.race([this.running, new Promise((r) => setTimeout(r, boundMs).unref())]);
    this.closed = true;
    await this.running;
  }
}
