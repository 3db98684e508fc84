import { createBody, loginBody } from '@modshelf/contract/v2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { usernameSchema, type AccountRecord } from '@modshelf/events';
import { DomainError } from '@modshelf/contract';
import { invalidInput, requireActor, setSessionCookie, unauthorized } from '@modshelf/service-kit';
import { checkPasswordRules, hashPassword, loadUser, newUserId, nowIso, runUser, verifyPassword, type AccountDeps } from './support';
import { AttemptThrottle } from './throttle';
import { isRateLimitBypassed } from './ratelimit.hook';
import { sendVerificationMail, setNewsletter } from './email.routes';
import { startTwoFactorFlow } from './two-factor';
import { clientIp, conflictToInput, issueSession, correlationOf } from './http';

export function registerAuthRoutes(app: FastifyInstance, deps: AccountDeps, throttle: AttemptThrottle): void {
  const signUps = new AttemptThrottle(deps.rateLimit?.signUpsPerHour ?? 30, 60 * 60 * 1000, {
    table: throttle.table,
    scope: 'signup',
    message: (limit, reset) => {
      const minutes = Math.ceil(reset / 60);
      return `Too many accounts created from this address (${limit} an hour); try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    },
  });
  app.post('/v2/auth/create', async (request, reply) => {
    const body = createBody.parse(request.body ?? {});
    const limited = !isRateLimitBypassed(request);
    if (limited) signUps.check(`ip:${clientIp(request)}`);
    const rule = checkPasswordRules(body.password, body.username, body.email);
    if (rule) throw invalidInput(rule);
    const userId = await newUserId(deps.store);
    const account: AccountRecord = {
      userId,
      username: body.username,
      email: body.email,
      emailVerified: false,
      passwordHash: await hashPassword(body.password),
      role: 'developer',
    };
    // the vault's unique indexes are the race-free reservation of username and e-mail
    await deps.credentials.createAccount(account).catch(conflictToInput);
    if (limited) signUps.fail(`ip:${clientIp(request)}`);
    try {
      await runUser(
        deps,
        userId,
        { type: 'Register', user_id: userId, username: body.username, role: 'developer', created: nowIso(deps) },
        userId,
        correlationOf(request),
      );
    } catch (err) {
      await deps.credentials.deleteAccount(userId);
      throw err;
    }
    if (body.sign_up_newsletter) await setNewsletter(deps, userId, true);
    await sendVerificationMail(deps, account, request).catch((err) => request.log.warn({ err }, 'verification mail failed'));
    const session = await issueSession(deps, account, request, reply);
    return { session };
  });

  app.post('/v2/auth/login', async (request, reply) => {
    const body = loginBody.parse(request.body ?? {});
    const ipKey = `ip:${clientIp(request)}`;
    const loginKey = `login:${body.username.toLowerCase()}`;
    const limited = !isRateLimitBypassed(request);
    if (limited) throttle.check(ipKey, loginKey);
    const account = await deps.credentials.findByLogin(body.username);
    const ok = await verifyPassword(account?.passwordHash ?? null, body.password);
    if (!account || !ok) {
      if (limited) throttle.fail(ipKey, loginKey);
      throw unauthorized('Authentication Error: Incorrect username or password');
    }
    throttle.reset(loginKey);
    // finish what a crash may have interrupted: a vault account without its user stream
    // is registered; one whose stream says deleted is forgotten now
    const state = await loadUser(deps.store, account.userId);
    if (state.deleted) {
      await deps.credentials.deleteAccount(account.userId);
      throw unauthorized('Authentication Error: Incorrect username or password');
    }
    if (!state.exists) {
      await runUser(
        deps,
        account.userId,
        { type: 'Register', user_id: account.userId, username: account.username, role: account.role, created: nowIso(deps) },
        account.userId,
        correlationOf(request),
      );
    }
    const totp = await deps.credentials.getTotp(account.userId);
    if (totp?.enabled) return { flow: await startTwoFactorFlow(deps, account.userId, 'login') };
    return { session: await issueSession(deps, account, request, reply) };
  });

  app.post('/v2/auth/logout', async (request, reply) => {
    const actor = requireActor(request);
    if (actor.kind !== 'session') throw unauthorized('Authentication Error: logout needs a session token');
    await deps.credentials.deleteTokensByRef(actor.tokenRefId);
    await runUser(deps, actor.userId, { type: 'RevokeSession', session_id: actor.tokenRefId }, actor.userId, correlationOf(request)).catch((err) => {
      if (!(err instanceof DomainError && err.kind === 'not_found')) throw err;
    });
    setSessionCookie(request, reply, null);
    return reply.status(204).send();
  });
}

/**
 * Makes sure the staff account ADMIN_USERNAME exists with ADMIN_PASSWORD and the
 * admin role (created through real commands when missing; password and role
 * brought in line when it exists). Returns its user id.
 */
export async function ensureAdmin(deps: Pick<AccountDeps, 'store' | 'credentials' | 'now'>, username: string, password: string): Promise<string> {
  usernameSchema.parse(username);
  if (password.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  let account = await deps.credentials.findByUsername(username);
  if (!account) {
    const userId = await newUserId(deps.store);
    account = { userId, username, email: null, emailVerified: false, passwordHash: await hashPassword(password), role: 'admin' };
    await deps.credentials.createAccount(account);
    try {
      await runUser(deps, userId, { type: 'Register', user_id: userId, username, role: 'admin', created: nowIso(deps) }, null);
    } catch (err) {
      await deps.credentials.deleteAccount(userId);
      throw err;
    }
    return userId;
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    await deps.credentials.setPasswordHash(account.userId, await hashPassword(password));
  }
  const state = await loadUser(deps.store, account.userId);
  if (!state.exists) {
    await runUser(deps, account.userId, { type: 'Register', user_id: account.userId, username: account.username, role: 'admin', created: nowIso(deps) }, null);
  } else if (state.role !== 'admin') {
    await runUser(deps, account.userId, { type: 'ChangeRole', role: 'admin' }, null);
  }
  if (account.role !== 'admin') await deps.credentials.setRole(account.userId, 'admin');
  return account.userId;
}
