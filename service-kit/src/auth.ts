import { Forbidden } from '@modshelf/contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, CredentialStore, TokenKind } from '@modshelf/events';
import { missingScope, unauthorized } from './api-error';
import { ALL_SCOPES, hasScope, type ScopeName } from './scopes';

declare module 'fastify' {
  interface FastifyRequest {
    /** who is calling, resolved from `Authorization` or the session cookie; null when anonymous. */
    actor: Actor | null;
    /** where the credentials came from (cookie-authenticated writes get the CSRF check). */
    authVia: 'header' | 'cookie' | null;
    /** why an offered credential was not accepted (for a clearer 401/403). */
    authProblem: 'invalid' | 'expired' | 'csrf' | null;
    /** sha256 of the presented token (used to mark the current session). */
    authTokenHash: string | null;
  }
}

/** The session cookie's name. */
export const SESSION_COOKIE = 'auth-token';
/** Token prefixes (Modrinth's): the part before the first `_` picks the kind. */
export const TOKEN_PREFIX: Record<TokenKind, string> = { session: 'mra_', pat: 'mrp_', oauth: 'mro_' };
/** Header a cookie-authenticated write may carry instead of a same-origin Origin (non-browser clients). */
export const CSRF_HEADER = 'x-requested-with';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time string comparison (lengths are compared through their hashes). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export function tokenKindOf(token: string): TokenKind | 'legacy' | null {
  const prefix = token.slice(0, token.indexOf('_') + 1);
  if (prefix === 'mra_') return 'session';
  if (prefix === 'mrp_') return 'pat';
  if (prefix === 'mro_') return 'oauth';
  if (prefix === 'github_' || prefix === 'gho_' || prefix === 'ghp_') return 'legacy';
  return null;
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k || k in out) continue;
    let v = part.slice(i + 1).trim();
    if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/** True when the request was made over https (directly or behind a proxy that says so). */
export function isHttps(request: FastifyRequest): boolean {
  return (
    request.protocol === 'https' ||
    String(request.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https'
  );
}

/** Sets (or, with null, clears) the session cookie: httpOnly, SameSite=Lax, Secure over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string | null, maxAgeSeconds = 60 * 60 * 24 * 14): void {
  const parts = [`${SESSION_COOKIE}=${token ? encodeURIComponent(token) : ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${token ? maxAgeSeconds : 0}`];
  if (isHttps(request)) parts.push('Secure');
  const prev = reply.getHeader('set-cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${SESSION_COOKIE}=`)), parts.join('; ')]);
}

export interface InstallAuthOptions {
  credentials: CredentialStore;
  /** extra origins allowed to make cookie-authenticated writes (the request's own host is always allowed). */
  allowedOrigins?: string[];
  /** how often (ms) a token's last use is written at most; default 60 s. */
  touchEveryMs?: number;
  /** clock (ms), for tests */
  now?: () => number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type FoundToken = Awaited<ReturnType<CredentialStore['findToken']>>;

/** How many presented tokens the session cache keeps before it starts over. */
export const TOKEN_CACHE_SIZE = 10_000;

/**
 * `findToken` by the presented token, kept while the store's `changeMark()` stays the same: a sign-out, a revoked
 * token, a role change or any other write to the vault (here or by another process sharing it) changes the mark, and
 * the next request reads the store again. The mark is read before the store, so a change that lands between the two
 * is seen on the next request. A store without `changeMark` is read on every request.
 */
export function tokenLookup(credentials: CredentialStore): (token: string) => Promise<{ hash: string; found: FoundToken }> {
  const cache = new Map<string, { hash: string; found: FoundToken }>();
  let cachedMark: string | null = null;
  return async (token) => {
    const mark = credentials.changeMark?.();
    if (mark === undefined) {
      const hash = hashToken(token);
      return { hash, found: await credentials.findToken(hash) };
    }
    if (mark !== cachedMark) {
      cache.clear();
      cachedMark = mark;
    }
    const hit = cache.get(token);
    if (hit) return hit;
    const hash = hashToken(token);
    const entry = { hash, found: await credentials.findToken(hash) };
    if (cache.size >= TOKEN_CACHE_SIZE) cache.clear();
    if (cachedMark === mark) cache.set(token, entry);
    return entry;
  };
}

function originAllowed(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin =
    request.headers.origin ??
    (() => {
      const ref = request.headers.referer;
      if (!ref) return undefined;
      try {
        return new URL(ref).origin;
      } catch {
        return 'invalid';
      }
    })();
  if (origin === undefined) return typeof request.headers[CSRF_HEADER] === 'string';
  if (allowed.has(origin)) return true;
  try {
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    return new URL(origin).host === String(host).split(',')[0].trim();
  } catch {
    return false;
  }
}

/**
 * Resolves the caller on every request: `Authorization: <token>` (an optional
 * `Bearer ` prefix) or the session cookie. mra_ sessions carry every scope,
 * mrp_ PATs their own, mro_ OAuth tokens the granted ones. Unknown or expired
 * tokens leave the request anonymous (routes that need an actor answer 401).
 * A cookie-authenticated unsafe request must come from an allowed origin
 * (Origin/Referer) or carry X-Requested-With, else it is treated as anonymous
 * and `requireActor` answers 403 (CSRF).
 * Call before registering routes.
 */
export function installAuth(app: FastifyInstance, options: InstallAuthOptions): void {
  const { credentials } = options;
  const allowed = new Set((options.allowedOrigins ?? []).map((o) => o.replace(/\/+$/, '')));
  const touchEvery = options.touchEveryMs ?? 60_000;
  const lastTouch = new Map<string, number>();
  const lookup = tokenLookup(credentials);

  if (!app.hasRequestDecorator('actor')) {
    app.decorateRequest('actor', null);
    app.decorateRequest('authVia', null);
    app.decorateRequest('authProblem', null);
    app.decorateRequest('authTokenHash', null);
  }

  // named, so a CPU profile shows it by name (bench/command-path.ts)
  app.addHook('onRequest', async function authenticate(request) {
    request.actor = null;
    request.authVia = null;
    request.authProblem = null;
    request.authTokenHash = null;
    let token: string | undefined;
    const header = request.headers.authorization;
    if (typeof header === 'string' && header.trim()) {
      token = header.trim().replace(/^Bearer\s+/i, '');
      request.authVia = 'header';
    } else {
      const cookie = parseCookies(request.headers.cookie)[SESSION_COOKIE];
      if (cookie) {
        token = cookie;
        request.authVia = 'cookie';
      }
    }
    if (!token) return;
    const kind = tokenKindOf(token);
    if (kind === null || kind === 'legacy') {
      request.authProblem = 'invalid';
      return;
    }
    const { hash, found } = await lookup(token);
    if (!found || found.token.kind !== kind) {
      request.authProblem = 'invalid';
      return;
    }
    const now = options.now ? options.now() : Date.now();
    if (found.token.expires && Date.parse(found.token.expires) <= now) {
      request.authProblem = 'expired';
      return;
    }
    if (request.authVia === 'cookie' && !SAFE_METHODS.has(request.method) && !originAllowed(request, allowed)) {
      request.authProblem = 'csrf';
      return;
    }
    request.authTokenHash = hash;
    request.actor = {
      userId: found.account.userId,
      username: found.account.username,
      role: found.account.role,
      kind,
      scopes: kind === 'session' ? ALL_SCOPES : found.token.scopes,
      tokenRefId: found.token.refId,
    };
    const last = lastTouch.get(hash) ?? (found.token.lastUsed ? Date.parse(found.token.lastUsed) : 0);
    if (now - last >= touchEvery) {
      lastTouch.set(hash, now);
      if (lastTouch.size > 50_000) lastTouch.clear();
      await credentials.touchToken(hash, new Date(now).toISOString());
    }
  });
}

/** The actor, or 401 `unauthorized` (403 when a cookie write failed the CSRF check). */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  if (request.authProblem === 'csrf') {
    throw new Forbidden('Cross-site request refused: cookie-authenticated writes must come from this site (Origin) or carry X-Requested-With');
  }
  if (request.authProblem === 'expired') throw unauthorized('Authentication Error: the token has expired');
  throw unauthorized();
}

/** The actor, who must hold `scope` (401 otherwise, as Modrinth answers). */
export function requireScope(request: FastifyRequest, ...scopes: ScopeName[]): Actor {
  const actor = requireActor(request);
  for (const s of scopes) if (!hasScope(actor.scopes, s)) throw missingScope(s);
  return actor;
}

/** The actor, who must be signed in with a session (mra_), as Modrinth requires for account-management routes. */
export function requireSession(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (actor.kind !== 'session') throw unauthorized('Authentication Error: this route needs a session (sign in), not an API token');
  return actor;
}

/**
 * The private fields of the caller's own user object (Modrinth shows them only to
 * the user): e-mail (with USER_READ_EMAIL), its verification, whether a password
 * and two-factor auth are set. They live in the credential vault, not in read
 * models; the query API merges them into GET /v2/user for the actor.
 */
export async function selfUserFields(
  credentials: CredentialStore,
  actor: Actor,
): Promise<{ email: string | null; email_verified: boolean; has_password: boolean; has_totp: boolean } | null> {
  const account = await credentials.getAccount(actor.userId);
  if (!account) return null;
  const totp = await credentials.getTotp(actor.userId);
  return {
    email: hasScope(actor.scopes, 'USER_READ_EMAIL') ? account.email : null,
    email_verified: account.emailVerified,
    has_password: !!account.passwordHash,
    has_totp: !!totp?.enabled,
  };
}
