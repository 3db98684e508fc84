import { randomBytes, createHash } from 'node:crypto';
import { hash as argonHash, verify as argonVerify, type Options as ArgonOptions } from '@node-rs/argon2';
import { NO_STREAM, newId, userStream, upcast, type CredentialStore, type EventStore, type LeaseStore, type RecordedEvent } from '@modshelf/events';
import { execute, newCommandContext, type CommandResult } from '../kernel/execute';
import { userNames } from './user-names';
import { fold } from '../kernel/decider';
import { userDecider, type UserCommand, type UserState } from './user-decider';
import type { Mailer } from './mail';
import type { PaymentProvider } from './billing/provider';
import type { BillingVault } from './billing/vault';

export interface RateLimitSettings {
  /** requests per minute per IP on every route (default 300, burst 300, as Modrinth). */
  perMinute?: number;
  /** failed sign-ins allowed per account and per IP in `signInWindowMs` (default 10 / 15 min). */
  signInAttempts?: number;
  signInWindowMs?: number;
  /** accounts one IP may create per hour (default 30) */
  signUpsPerHour?: number;
}

export interface AccountDeps {
  store: EventStore;
  credentials: CredentialStore;
  /** DATA_DIR: avatars, the mail outbox and billing data live under it. */
  dataDir: string;
  /** public base URL of the site (links in mails, avatar URLs), e.g. http://localhost:8080 */
  publicUrl: string;
  mailer?: Mailer;
  rateLimit?: RateLimitSettings;
  /** clock, for tests */
  now?: () => Date;
  /** serve /_dev/mailbox when mail goes to the outbox (default true; false turns it off). It answers loopback requests and admins only, unless DEV_MAILBOX_OPEN=1 */
  devMailbox?: boolean;
  /** payment provider (default: the sandbox) */
  payments?: PaymentProvider;
  /** payment details store (default: DATA_DIR/billing.db) */
  billingVault?: BillingVault;
  /** how often the billing cycle (renewals, ends) runs; 0 turns it off (default 10 min) */
  billingCycleMs?: number;
  /** leases shared by the replicas (billing locks); default: beside the event store (kernel/leases.ts) */
  leases?: LeaseStore;
}

export const nowIso = (deps: Pick<AccountDeps, 'now'>) => (deps.now ? deps.now() : new Date()).toISOString();

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A random alphanumeric string (rejection sampling, no modulo bias). */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALNUM[b % 62];
    }
  }
  return out;
}

/** A new secret token with its kind's prefix: mra_ (session), mrp_ (PAT), mro_ (OAuth). */
export const newToken = (prefix: 'mra_' | 'mrp_' | 'mro_') => prefix + randomAlnum(60);

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

// OWASP's argon2id settings (19 MiB, 2 passes); tests may lower them through ARGON2_MEMORY_KIB.
const argonOptions = (): ArgonOptions => ({
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: Math.max(1024, Number(process.env.ARGON2_MEMORY_KIB ?? 19456)),
  timeCost: 2,
  parallelism: 1,
});

export const hashPassword = (password: string) => argonHash(password, argonOptions());
let dummyHash: Promise<string> | null = null;
/** Verifies; with a null hash still spends the same time (no user enumeration by timing). */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomAlnum(16));
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argonVerify(hash, password).catch(() => false);
}

export function checkPasswordRules(password: string, username?: string, email?: string | null): string | null {
  if (password.length < 8) return 'password: at least 8 characters';
  if (password.length > 256) return 'password: at most 256 characters';
  const lower = password.toLowerCase();
  if (username && lower === username.toLowerCase()) return 'password: must not be your username';
  if (email && lower === email.toLowerCase()) return 'password: must not be your e-mail address';
  return null;
}

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  const events: RecordedEvent[] = (await store.readStream(userStream(userId))).map(upcast);
  return fold(userDecider, events);
}

/** Runs a command on a user; `correlationId` is the request's (see correlationOf in http.ts). */
export function runUser(
  deps: Pick<AccountDeps, 'store' | 'now'>,
  userId: string,
  command: UserCommand,
  actor: string | null,
  correlationId?: string,
): Promise<CommandResult<UserState>> {
  const ctx = newCommandContext(actor, correlationId);
  if (deps.now) ctx.time = deps.now().toISOString();
  return execute(deps.store, userStream(userId), userDecider, command, ctx, userNames);
}

/** A new 8-character id that no user stream uses yet. */
export async function newUserId(store: EventStore): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const id = newId();
    if ((await store.streamRevision(userStream(id))) === NO_STREAM) return id;
  }
  throw new Error('could not find a free user id');
}

/** OS and platform (browser or client) from a User-Agent, as the sessions list shows them. */
export function parseUserAgent(ua: string | undefined): { os: string | null; platform: string | null } {
  if (!ua) return { os: null, platform: null };
  const os = /Windows/i.test(ua)
    ? 'Windows'
    : /Android/i.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/i.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macOS'
          : /CrOS/i.test(ua)
            ? 'ChromeOS'
            : /Linux/i.test(ua)
              ? 'Linux'
              : null;
  const platform = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /^curl\//i.test(ua)
              ? 'curl'
              : ua.split(/[\s/]/)[0].slice(0, 40) || null;
  return { os, platform };
}

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
