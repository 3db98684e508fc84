import { RateLimited } from '@modshelf/contract';
import { ThrottleTable } from './throttle-table';

/** The 429 description: which limit was reached and when to try again. */
export type ThrottleMessage = (limit: number, resetSeconds: number) => string;

export interface AttemptThrottleOptions {
  /** where the counts live (default: a private in-memory table) */
  table?: ThrottleTable;
  /** prefix of this throttle's keys in a shared table */
  scope?: string;
  clock?: () => number;
  /** the 429 description (default: failed attempts) */
  message?: ThrottleMessage;
}

const failedAttempts: ThrottleMessage = (limit, reset) => `Too many failed attempts. Please wait ${reset * 1000} milliseconds. 0/${limit} remaining.`;

/**
 * Fixed-window counter of attempts per key (failed sign-ins and 2FA codes per account
 * and IP; sign-ups per IP). With a table in the credential vault's file
 * (registerAccountRoutes), the counts survive a restart and every replica sharing the
 * file sees the same ones.
 */
export class AttemptThrottle {
  /** where the counts live (another throttle may share it under its own scope) */
  readonly table: ThrottleTable;
  private readonly scope: string;
  private readonly clock: () => number;
  private readonly message: ThrottleMessage;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    options: AttemptThrottleOptions = {},
  ) {
    this.table = options.table ?? new ThrottleTable(':memory:');
    this.scope = options.scope ?? 'attempts';
    this.clock = options.clock ?? Date.now;
    this.message = options.message ?? failedAttempts;
  }

  private key(key: string): string {
    return `${this.scope}:${key}`;
  }

  /** Throws RateLimited (429 ratelimit_error at the edge, with x-ratelimit-* headers) when any key is exhausted. */
  check(...keys: string[]): void {
    const now = this.clock();
    for (const key of keys) {
      const e = this.table.get(this.key(key), now);
      if (e && e.count >= this.limit) {
        const reset = Math.max(1, Math.ceil((e.resetAt - now) / 1000));
        throw new RateLimited(this.message(this.limit, reset), {
          headers: {
            'x-ratelimit-limit': String(this.limit),
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(reset),
            'retry-after': String(reset),
          },
        });
      }
    }
  }

  fail(...keys: string[]): void {
    const now = this.clock();
    for (const key of keys) this.table.hit(this.key(key), this.windowMs, now);
  }

  reset(key: string): void {
    this.table.delete(this.key(key));
  }
}
