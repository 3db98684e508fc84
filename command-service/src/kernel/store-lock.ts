import { randomUUID } from 'node:crypto';
import type { LeaseStore } from '@modshelf/events';
import { conflict } from '@modshelf/contract';

export interface StoreLockOptions {
  /** how long a lock outlives a holder that died holding it, ms (default 30 000; renewed while held) */
  ttlMs?: number;
  /** how long a caller waits for a busy lock before a 409, ms (default 15 000) */
  waitMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Mutual exclusion across every replica that shares the lease store, for work
 * that calls the outside world between reading and appending (charging a card,
 * sending a payout): `run('billing:<user>', fn)` takes the lease `lock:<key>`,
 * renews it while `fn` runs, and gives it up after. Callers in one process queue
 * locally first, so only one of them polls the store. Money itself is guarded by
 * the expected-revision append on the account's stream; this lock keeps two
 * replicas from both calling the provider for the same thing.
 */
export class StoreLocks {
  private readonly ttlMs: number;
  private readonly waitMs: number;
  private readonly local = new Map<string, Promise<unknown>>();

  constructor(
    private readonly leases: LeaseStore,
    options: StoreLockOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.waitMs = options.waitMs ?? 15_000;
  }

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.local.get(key) ?? Promise.resolve();
    const next = prev.then(() => this.held(key, fn));
    const tail = next.catch(() => undefined);
    this.local.set(key, tail);
    void tail.then(() => {
      if (this.local.get(key) === tail) this.local.delete(key);
    });
    return next;
  }

  private async held<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const name = `lock:${key}`;
    const holder = randomUUID();
    const deadline = Date.now() + this.waitMs;
    let pause = 2;
    let grant = await this.leases.acquire(name, holder, this.ttlMs);
    while (!grant) {
      if (Date.now() >= deadline) throw conflict('Another request for the same account is in progress; try again');
      await sleep(pause + Math.random() * pause);
      pause = Math.min(pause * 2, 50);
      grant = await this.leases.acquire(name, holder, this.ttlMs);
    }
    const renew = setInterval(() => void this.leases.acquire(name, holder, this.ttlMs).catch(() => undefined), Math.max(1, Math.floor(this.ttlMs / 3)));
    renew.unref();
    try {
      return await fn();
    } finally {
      clearInterval(renew);
      await this.leases.release(grant);
    }
  }
}

const byLeases = new WeakMap<LeaseStore, StoreLocks>();
/** One StoreLocks per lease store in a process (so local queueing covers every caller). */
export function locksFor(leases: LeaseStore): StoreLocks {
  let locks = byLeases.get(leases);
  if (!locks) byLeases.set(leases, (locks = new StoreLocks(leases)));
  return locks;
}
