import { timingSafeEqual } from 'node:crypto';
import otplib from 'otplib';
import { invalidInput, unauthorized } from '@modshelf/contract';
import { nowIso, randomAlnum, runUser, sha256, type AccountDeps } from './support';
import type { AttemptThrottle } from './throttle';

/** RFC 6238 TOTP (30 s steps, 6 digits, SHA-1) accepting one step of clock drift either way. */
const totp = otplib.authenticator.clone({ window: 1 });
const FLOW_TTL_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 6;

/** The current code (or the one `steps` 30-second steps away), as an authenticator app shows it. */
export function totpCode(secret: string, steps = 0): string {
  return steps === 0 ? totp.generate(secret) : totp.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
}

const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Starts a flow (2FA sign-in or setup) and returns its id; only its hash is stored. */
export async function startTwoFactorFlow(deps: AccountDeps, userId: string, kind: 'login' | 'setup', data: Record<string, unknown> = {}): Promise<string> {
  const flow = randomAlnum(40);
  await deps.credentials.putTicket({
    key: sha256(flow),
    kind: `2fa_${kind}`,
    userId,
    data,
    expires: new Date(Date.parse(nowIso(deps)) + FLOW_TTL_MS).toISOString(),
  });
  return flow;
}

/** The 30-second step the code belongs to, or null when it is not valid now. */
function totpStep(secret: string, code: string): number | null {
  const c = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(c)) return null;
  try {
    const delta = totp.checkDelta(c, secret);
    return delta === null ? null : Math.floor(Date.now() / 30_000) + delta;
  } catch {
    return null;
  }
}

/** A TOTP code is good once: its step is remembered (briefly) per user, so a seen code cannot be replayed. */
async function useTotpOnce(deps: AccountDeps, userId: string, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === null) return false;
  const key = `${userId}:${step}`;
  if (await deps.credentials.peekTicket(key, 'totp_used', nowIso(deps))) return false;
  await deps.credentials.putTicket({ key, kind: 'totp_used', userId, data: {}, expires: new Date(Date.now() + 120_000).toISOString() });
  return true;
}

/** A TOTP code or an unused recovery code (which is then spent). */
async function checkSecondFactor(deps: AccountDeps, userId: string, code: string): Promise<boolean> {
  const rec = await deps.credentials.getTotp(userId);
  if (!rec?.enabled) return false;
  if (await useTotpOnce(deps, userId, rec.secret, code)) return true;
  const norm = normalizeRecovery(code);
  if (norm.length < 8) return false;
  const h = sha256(norm);
  if (!rec.recoveryHashes.some((x) => sameHash(x, h))) return false;
  return deps.credentials.useRecoveryCode(userId, h);
}

/** Step 1 of turning 2FA on: a new secret and the setup flow that carries it. */
export async function beginTwoFactorSetup(deps: AccountDeps, userId: string): Promise<{ secret: string; flow: string }> {
  if ((await deps.credentials.getTotp(userId))?.enabled) throw invalidInput('Two-factor authentication is already enabled');
  const secret = totp.generateSecret(20);
  return { secret, flow: await startTwoFactorFlow(deps, userId, 'setup', { secret }) };
}

/** Step 2: a code from the new secret turns 2FA on; answers the recovery codes (each works once). */
export async function completeTwoFactorSetup(
  deps: AccountDeps,
  throttle: AttemptThrottle,
  userId: string,
  flow: string,
  code: string,
  correlationId?: string,
): Promise<string[]> {
  const key = sha256(flow);
  const ticket = await deps.credentials.peekTicket(key, '2fa_setup', nowIso(deps));
  if (!ticket || ticket.userId !== userId) throw invalidInput('The two-factor flow is invalid or has expired');
  if ((await deps.credentials.getTotp(userId))?.enabled) throw invalidInput('Two-factor authentication is already enabled');
  throttle.check(`2fa:${userId}`);
  if (!(await useTotpOnce(deps, userId, String(ticket.data.secret), code))) {
    throttle.fail(`2fa:${userId}`);
    throw invalidInput('The two-factor code is incorrect');
  }
  if (!(await deps.credentials.takeTicket(key, '2fa_setup', nowIso(deps)))) throw invalidInput('The two-factor flow is invalid or has expired');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomAlnum(10).toUpperCase());
  await deps.credentials.putTotp({ userId, secret: String(ticket.data.secret), enabled: true, recoveryHashes: codes.map((c) => sha256(normalizeRecovery(c))) });
  try {
    await runUser(deps, userId, { type: 'EnableTwoFactor' }, userId, correlationId);
  } catch (err) {
    await deps.credentials.deleteTotp(userId);
    throw err;
  }
  return codes;
}

/** Turns 2FA off, given a TOTP or recovery code. */
export async function disableTwoFactor(deps: AccountDeps, throttle: AttemptThrottle, userId: string, code: string, correlationId?: string): Promise<void> {
  if (!(await deps.credentials.getTotp(userId))?.enabled) throw invalidInput('Two-factor authentication is not enabled');
  throttle.check(`2fa:${userId}`);
  if (!(await checkSecondFactor(deps, userId, code))) {
    throttle.fail(`2fa:${userId}`);
    throw unauthorized('Authentication Error: the two-factor code is incorrect');
  }
  await deps.credentials.deleteTotp(userId);
  await runUser(deps, userId, { type: 'DisableTwoFactor' }, userId, correlationId);
}

/** The second step of a sign-in: a good code spends the flow (one flow signs in once) and answers the user to sign in. */
export async function completeTwoFactorLogin(deps: AccountDeps, throttle: AttemptThrottle, flow: string, code: string, ip: string): Promise<string> {
  const key = sha256(flow);
  const ticket = await deps.credentials.peekTicket(key, '2fa_login', nowIso(deps));
  if (!ticket?.userId) throw unauthorized('Authentication Error: the sign-in flow is invalid or has expired');
  throttle.check(`2fa:${ticket.userId}`, `ip:${ip}`);
  if (!(await checkSecondFactor(deps, ticket.userId, code))) {
    throttle.fail(`2fa:${ticket.userId}`, `ip:${ip}`);
    throw unauthorized('Authentication Error: the two-factor code is incorrect');
  }
  if (!(await deps.credentials.takeTicket(key, '2fa_login', nowIso(deps))))
    throw unauthorized('Authentication Error: the sign-in flow is invalid or has expired');
  throttle.reset(`2fa:${ticket.userId}`);
  return ticket.userId;
}
