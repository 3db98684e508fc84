import { ApiError } from '@modshelf/service-kit';

/** The 429 description: which limit was reached and when to try again. */
export type ThrottleMessage = (limit: number, resetSeconds: number) => string;

const failedAttempts: ThrottleMessage = (limit, reset) =>
  `Too many failed attempts. Please wait ${reset * 1000} milliseconds. 0/${limit} remaining.`;

/**
 * Fixed-window counter of attempts per key (failed sign-ins and 2FA codes per account
 * and IP; sign-ups per IP). In-process: the embedded profile runs one process.
 */
export class AttemptThrottle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: () => number = Date.now,
    private readonly message: ThrottleMessage = failedAttempts,
  ) {}

  private entry(key: string) {
    const now = this.clock();
    let e = this.hits.get(key);
    if (!e || e.resetAt <= now) {
      e = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, e);
    }
    if (this.hits.size > 100_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    }
    return e;
  }

  /** Throws 429 ratelimit_error (with x-ratelimit-* headers) when any key is exhausted. */
  check(...keys: string[]): void {
    for (const key of keys) {
      const e = this.entry(key);
      if (e.count >= this.limit) {
        const reset = Math.max(1, Math.ceil((e.resetAt - this.clock()) / 1000));
        throw new ApiError(429, 'ratelimit_error', this.message(this.limit, reset), {
          'x-ratelimit-limit': String(this.limit),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
          'retry-after': String(reset),
        });
      }
    }
  }

  fail(...keys: string[]): void {
    for (const key of keys) this.entry(key).count += 1;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}
