import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { LeaseGrant, LeaseStore } from '@modshelf/events';

export interface LeasedJobOptions {
  /** the lease name, one per job */
  name: string;
  leases: LeaseStore;
  /** how often the job runs on the replica that holds the lease, ms */
  everyMs: number;
  run(): Promise<unknown>;
  /** this replica's id (default host:pid:random) */
  holder?: string;
  log?: (message: string, err?: unknown) => void;
}

/**
 * A periodic job (settling payouts, the billing cycle, due schedules) that runs on
 * one replica at a time: every `everyMs` each replica tries the lease (time to live
 * three periods); the holder renews it and runs the job, the others wait. A holder
 * that dies is replaced within three periods. The job itself must be idempotent:
 * a takeover may repeat the run that was in progress.
 */
export class LeasedJob {
  readonly holder: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(private readonly options: LeasedJobOptions) {
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  start(): void {
    if (this.timer || !(this.options.everyMs > 0)) return;
    this.timer = setInterval(() => this.tick(), this.options.everyMs);
    this.timer.unref();
  }

  /** One period: runs the job when this replica holds (or takes) the lease; true when it ran. */
  async runOnce(): Promise<boolean> {
    const grant = await this.options.leases.acquire(this.options.name, this.holder, this.options.everyMs * 3);
    if (!grant) return false;
    await this.options.run();
    return true;
  }

  /**
   * Renews the lease this replica holds (same epoch) for a run that outlasts one period, such as a
   * first catch-up over a large log; null when it was lost meanwhile (the run must then stop).
   */
  renew(): Promise<LeaseGrant | null> {
    return this.options.leases.acquire(this.options.name, this.holder, this.options.everyMs * 3);
  }

  private tick(): void {
    if (this.busy) return;
    this.busy = true;
    this.running = this.runOnce()
      .then(
        () => undefined,
        (err) => this.options.log?.(`${this.options.name} failed`, err),
      )
      .finally(() => {
        this.busy = false;
      });
  }

  /** Stops, waits for a run in progress, and gives the lease up so another replica takes over at once. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    const grant = await this.options.leases.current(this.options.name);
    if (grant?.holder === this.holder) await this.options.leases.release(grant);
  }
}
