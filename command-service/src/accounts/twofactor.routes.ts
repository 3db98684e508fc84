import { codeFlow, codeOnly } from '@modshelf/contract/v2';
import otplib from 'otplib';
import type { FastifyInstance } from 'fastify';
import { invalidInput, requireSession, safeEqual, unauthorized } from '@modshelf/service-kit';
import { nowIso, randomAlnum, runUser, sha256, type AccountDeps } from './support';
import { issueSession, correlationOf } from './http';
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
  if (!rec.recoveryHashes.some((x) => safeEqual(x, h))) return false;
  return deps.credentials.useRecoveryCode(userId, h);
}

export function registerTwoFactorRoutes(app: FastifyInstance, deps: AccountDeps, throttle: AttemptThrottle): void {
  app.post('/v2/auth/2fa/get_secret', async (request) => {
    const actor = requireSession(request);
    const existing = await deps.credentials.getTotp(actor.userId);
    if (existing?.enabled) throw invalidInput('Two-factor authentication is already enabled');
    const secret = totp.generateSecret(20);
    const flow = await startTwoFactorFlow(deps, actor.userId, 'setup', { secret });
    return { secret, flow };
  });

  app.post('/v2/auth/2fa', async (request) => {
    const actor = requireSession(request);
    const { flow, code } = codeFlow.parse(request.body ?? {});
    const key = sha256(flow);
    const ticket = await deps.credentials.peekTicket(key, '2fa_setup', nowIso(deps));
    if (!ticket || ticket.userId !== actor.userId) throw invalidInput('The two-factor flow is invalid or has expired');
    if ((await deps.credentials.getTotp(actor.userId))?.enabled) throw invalidInput('Two-factor authentication is already enabled');
    throttle.check(`2fa:${actor.userId}`);
    if (!(await useTotpOnce(deps, actor.userId, String(ticket.data.secret), code))) {
      throttle.fail(`2fa:${actor.userId}`);
      throw invalidInput('The two-factor code is incorrect');
    }
    if (!(await deps.credentials.takeTicket(key, '2fa_setup', nowIso(deps)))) throw invalidInput('The two-factor flow is invalid or has expired');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomAlnum(10).toUpperCase());
    await deps.credentials.putTotp({
      userId: actor.userId,
      secret: String(ticket.data.secret),
      enabled: true,
      recoveryHashes: codes.map((c) => sha256(normalizeRecovery(c))),
    });
    try {
      await runUser(deps, actor.userId, { type: 'EnableTwoFactor' }, actor.userId, correlationOf(request));
    } catch (err) {
      await deps.credentials.deleteTotp(actor.userId);
      throw err;
    }
    return { backup_codes: codes };
  });

  app.delete('/v2/auth/2fa', async (request, reply) => {
    const actor = requireSession(request);
    const { code } = codeOnly.parse(request.body ?? {});
    if (!(await deps.credentials.getTotp(actor.userId))?.enabled) throw invalidInput('Two-factor authentication is not enabled');
    throttle.check(`2fa:${actor.userId}`);
    if (!(await checkSecondFactor(deps, actor.userId, code))) {
      throttle.fail(`2fa:${actor.userId}`);
      throw unauthorized('Authentication Error: the two-factor code is incorrect');
    }
    await deps.credentials.deleteTotp(actor.userId);
    await runUser(deps, actor.userId, { type: 'DisableTwoFactor' }, actor.userId, correlationOf(request));
    return reply.status(204).send();
  });

  app.post('/v2/auth/login/2fa', async (request, reply) => {
    const { flow, code } = codeFlow.parse(request.body ?? {});
    const key = sha256(flow);
    const ticket = await deps.credentials.peekTicket(key, '2fa_login', nowIso(deps));
    if (!ticket?.userId) throw unauthorized('Authentication Error: the sign-in flow is invalid or has expired');
    throttle.check(`2fa:${ticket.userId}`, `ip:${request.ip}`);
    if (!(await checkSecondFactor(deps, ticket.userId, code))) {
      throttle.fail(`2fa:${ticket.userId}`, `ip:${request.ip}`);
      throw unauthorized('Authentication Error: the two-factor code is incorrect');
    }
    // one flow signs in once
    if (!(await deps.credentials.takeTicket(key, '2fa_login', nowIso(deps))))
      throw unauthorized('Authentication Error: the sign-in flow is invalid or has expired');
    throttle.reset(`2fa:${ticket.userId}`);
    const account = await deps.credentials.getAccount(ticket.userId);
    if (!account) throw unauthorized();
    return { session: await issueSession(deps, account, request, reply) };
  });
}
