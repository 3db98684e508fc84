import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { EventStore, LeaseGrant, LeaseStore, RecordedEvent, Subscription } from '@modshelf/events';

/** What a process manager's handler sees besides the event: its own state, committed with its checkpoint. */
export interface ProcessContext {
  /** a state entry (JSON), as of the event before this one */
  get<T>(key: string): Promise<T | null>;
  /** changes a state entry (null deletes it); committed with the checkpoint, in one fenced transaction */
  set(key: string, value: unknown): void;
}

export interface ProcessManagerOptions {
  /** the lease and checkpoint name, one per process manager (e.g. 'revenue-accrual') */
  name: string;
  store: EventStore;
  leases: LeaseStore;
  /**
   * Handles one event of the log, in order. Its outputs must be idempotent by the
   * source event (a deterministic id, or a check of the source position), because
   * events after the last commit are handled again after a takeover.
   */
  handle(event: RecordedEvent, ctx: ProcessContext): Promise<void>;
  /** this instance's id (default host:pid:random) */
  holder?: string;
  /** lease time to live, ms (default 15 000): how long a crashed holder delays its successor */
  ttlMs?: number;
  /** how often the lease is renewed or, on standby, tried (default ttl / 3) */
  renewMs?: number;
  /** commit the checkpoint after this many events (default 200; also on every renewal) */
  commitEvery?: number;
  /** the clock the lease store uses (default Date.now) */
  clock?: () => number;
  /**
   * Where a process manager that kept its checkpoint elsewhere before starts: called on
   * activation while the lease's checkpoint is still 0, and committed under the lease.
   */
  importCheckpoint?: () => { position: number; state: Map<string, unknown> } | null;
  log?: (message: string, err?: unknown) => void;
}

class LeaseLost extends Error {}

/**
 * A checkpointed subscription to the log with exactly one active instance among
 * any number of replicas: each instance tries to take the lease `name`; the holder
 * tails the log from the committed checkpoint, renews the lease, and commits its
 * position and state only while it still holds the lease (fencing). When a holder
 * stops renewing (crash, pause), another takes over after the lease's time to live
 * and replays from the last commit; outputs are idempotent by source event, so no
 * output is lost or doubled. Revenue accrual runs on it; so do scheduled jobs that
 * read the log.
 */
export class ProcessManager {
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly commitEvery: number;
  private readonly clock: () => number;
  private grant: LeaseGrant | null = null;
  private sub: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private closed = false;
  private pending = new Map<string, string | null>();
  private committed = new Map<string, string | null>();
  private handled = 0;
  private committedPosition = 0;
  private waiters = new Set<() => void>();
  private committing: Promise<boolean> = Promise.resolve(true);
  /** the last error that stopped this instance's subscription (it retries on the next tick) */
  lastError: unknown = null;

  constructor(private readonly options: ProcessManagerOptions) {
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.ttlMs = options.ttlMs ?? 15_000;
    this.renewMs = options.renewMs ?? Math.max(1, Math.floor(this.ttlMs / 3));
    this.commitEvery = options.commitEvery ?? 200;
    this.clock = options.clock ?? Date.now;
  }

  /** Whether this instance holds the lease and tails the log. */
  get active(): boolean {
    return this.sub !== null;
  }

  /** The last log position this instance handled (while active). */
  get position(): number {
    return this.handled;
  }

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.schedule(), this.renewMs);
    this.timer.unref();
    this.schedule();
  }

  /** Resolves true once the log up to `position` is handled, here or by the active replica. */
  async caughtUp(position: number, timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.handled >= position || (await this.options.leases.position(this.options.name)) >= position) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          this.waiters.delete(done);
          resolve();
        };
        const t = setTimeout(done, Math.min(left, 50));
        this.waiters.add(done);
      });
    }
  }

  private schedule(): void {
    this.ticking = this.ticking.then(() => this.tick()).catch((err) => this.options.log?.(`${this.options.name}: lease tick failed`, err));
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    if (this.sub && this.grant) {
      if (!(await this.commit())) return this.deactivate('lost its lease');
    }
    const grant = await this.options.leases.acquire(this.options.name, this.holder, this.ttlMs);
    if (!grant) {
      if (this.sub) await this.deactivate('lost its lease');
      return;
    }
    if (this.sub && this.grant && grant.epoch !== this.grant.epoch) await this.deactivate('lost its lease');
    this.grant = grant;
    if (!this.sub) await this.activate();
  }

  private async activate(): Promise<void> {
    this.pending = new Map();
    this.committed = new Map();
    this.handled = this.committedPosition = await this.options.leases.position(this.options.name);
    this.lastError = null;
    const imported = this.handled === 0 ? this.options.importCheckpoint?.() : null;
    if (imported && imported.position > 0) {
      this.handled = imported.position;
      for (const [k, v] of imported.state) this.pending.set(k, JSON.stringify(v));
      if (!(await this.commit())) {
        this.pending = new Map();
        this.handled = this.committedPosition = 0;
        return;
      }
      this.options.log?.(`${this.options.name}: started from the imported checkpoint ${imported.position}`);
    }
    // an event's state changes join the pending ones only once it is handled, so a commit
    // never holds half an event
    let current = new Map<string, string | null>();
    const ctx: ProcessContext = {
      get: async <T>(key: string) => {
        let raw = current.has(key) ? current.get(key)! : this.pending.has(key) ? this.pending.get(key)! : this.committed.get(key);
        if (raw === undefined) {
          raw = await this.options.leases.state(this.options.name, key);
          this.committed.set(key, raw);
          if (this.committed.size > 5000) this.committed.delete(this.committed.keys().next().value!);
        }
        return raw === null ? null : (JSON.parse(raw) as T);
      },
      set: (key, value) => {
        current.set(key, value === null || value === undefined ? null : JSON.stringify(value));
      },
    };
    const sub = this.options.store.subscribeAll(
      this.handled,
      async (e) => {
        if (!this.grant || this.grant.expiresAt <= this.clock()) throw new LeaseLost();
        current = new Map();
        await this.options.handle(e, ctx);
        for (const [k, v] of current) this.pending.set(k, v);
        this.handled = e.position;
        for (const w of [...this.waiters]) w();
        if (this.handled - this.committedPosition >= this.commitEvery && !(await this.commit())) throw new LeaseLost();
      },
      (err) => {
        if (this.sub !== sub) return;
        if (!(err instanceof LeaseLost)) {
          this.lastError = err;
          this.options.log?.(`${this.options.name}: stopped; it starts again from its checkpoint`, err);
        }
        this.sub = null;
        this.grant = null;
      },
    );
    this.sub = sub;
  }

  /** Commits the position and pending state while the lease holds; false when it was lost. One commit at a time. */
  private commit(): Promise<boolean> {
    const next = this.committing.then(() => this.commitNow());
    this.committing = next.catch(() => false);
    return next;
  }

  private async commitNow(): Promise<boolean> {
    if (!this.grant) return false;
    if (this.handled === this.committedPosition && this.pending.size === 0) return this.grant.expiresAt > this.clock();
    const changes = this.pending;
    const position = this.handled;
    this.pending = new Map();
    // a lost lease drops the changes: the successor handles these events again
    if (!(await this.options.leases.commit(this.grant, position, changes))) return false;
    for (const [k, v] of changes) this.committed.set(k, v);
    this.committedPosition = position;
    return true;
  }

  private async deactivate(why: string): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    this.grant = null;
    this.pending = new Map();
    if (sub) {
      this.options.log?.(`${this.options.name}: ${this.holder} ${why}; on standby`);
      await sub.close();
    }
  }

  /** Stops: commits what it handled (while it holds the lease) and gives the lease up at once. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    const sub = this.sub;
    this.sub = null;
    await sub?.close();
    const grant = this.grant;
    if (grant && (await this.commit())) await this.options.leases.release(grant);
    this.grant = null;
  }
}
