import { RateLimited } from '@modshelf/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

export interface RateLimitOptions {
  /** requests per minute per IP (Modrinth: 300, burst 300). */
  perMinute?: number;
  /** a secret that bypasses the limit when sent as `x-ratelimit-key` (Modrinth has the same). */
  bypassKey?: string;
  /** requests for which no limit applies (e.g. static assets of the web front end). */
  skip?: (request: FastifyRequest) => boolean;
}

/** the requests that carried the secret x-ratelimit-key */
const bypassed = new WeakSet<FastifyRequest>();
function markBypass(req: FastifyRequest): void {
  bypassed.add(req);
}
/** True when the request carried the secret x-ratelimit-key. */
export function isRateLimitBypassed(req: FastifyRequest): boolean {
  return bypassed.has(req);
}

/** RATE_LIMIT_PER_MIN (default 300) and RATE_LIMIT_KEY from the environment. */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitOptions {
  const n = Number(env.RATE_LIMIT_PER_MIN ?? 300);
  if (!Number.isInteger(n) || n <= 0) throw new Error('RATE_LIMIT_PER_MIN must be a positive integer');
  return { perMinute: n, bypassKey: env.RATE_LIMIT_KEY || undefined };
}

/**
 * Rate limiting with Modrinth's headers on every route registered after this call:
 * x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset (seconds); over the
 * limit 429 `ratelimit_error`. Per IP, the same with or without a token.
 * Await it before registering routes, on the root instance.
 */
export async function installRateLimit(app: FastifyInstance, options: RateLimitOptions = {}): Promise<void> {
  const max = options.perMinute ?? 300;
  // the key's digest once, not on every request; each request's header is digested and compared in constant time
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const keyDigest = options.bypassKey ? digest(options.bypassKey) : null;
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: 60_000,
    hook: 'onRequest',
    keyGenerator: (req) => req.ip,
    allowList: (req) => {
      if (options.skip?.(req)) return true;
      const key = req.headers['x-ratelimit-key'];
      const bypass = keyDigest !== null && typeof key === 'string' && timingSafeEqual(digest(key), keyDigest);
      // trusted internal callers (the seed) also skip the sign-up and sign-in throttles
      if (bypass) markBypass(req);
      return bypass;
    },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
    errorResponseBuilder: (_req, ctx) => new RateLimited(`You are being rate-limited. Please wait ${ctx.ttl} milliseconds. 0/${ctx.max} remaining.`),
  });
}
