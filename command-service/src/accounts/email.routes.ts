import { changePasswordBody, emailBody, resetBeginBody, verifyBody } from '@modshelf/contract/v2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountRecord } from '@modshelf/events';
import { invalidInput, requireActor, requireSession, unauthorized } from '@modshelf/service-kit';
import { checkPasswordRules, hashPassword, loadUser, nowIso, randomAlnum, runUser, sha256, verifyPassword, type AccountDeps } from './support';
import { conflictToInput, correlationOf } from './http';
import type { AttemptThrottle } from './throttle';
import { isUndeliverable } from './mail';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

function link(deps: AccountDeps, path: string, flow: string) {
  return `${deps.publicUrl.replace(/\/+$/, '')}${path}?flow=${encodeURIComponent(flow)}`;
}

async function mail(deps: AccountDeps, to: string | null, subject: string, text: string) {
  if (!to || !deps.mailer || isUndeliverable(to)) return;
  await deps.mailer.send({
    to,
    subject,
    text,
    html: `<p>${text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')
      .replace(/\n/g, '<br>')}</p>`,
  });
}

/** Mails a verification link for the account's current e-mail (a one-time flow, 24 h). */
export async function sendVerificationMail(deps: AccountDeps, account: AccountRecord, _request?: FastifyRequest): Promise<void> {
  if (!account.email) return;
  const flow = randomAlnum(40);
  await deps.credentials.deleteTickets(account.userId, 'verify_email');
  await deps.credentials.putTicket({
    key: sha256(flow),
    kind: 'verify_email',
    userId: account.userId,
    data: { email: account.email.toLowerCase() },
    expires: new Date(Date.parse(nowIso(deps)) + VERIFY_TTL_MS).toISOString(),
  });
  await mail(
    deps,
    account.email,
    'Verify your e-mail address',
    `Hi ${account.username},\n\nplease verify your e-mail address for Modshelf by opening this link:\n${link(deps, '/auth/verify-email', flow)}\n\nThe link works for 24 hours.`,
  );
}

const NEWSLETTER = 'newsletter';
const NEVER = '9999-12-31T23:59:59.999Z';

/** The sign-up form's "subscribe to updates" choice: a preference kept with the e-mail (vault), forgotten with it. */
export async function setNewsletter(deps: AccountDeps, userId: string, subscribed: boolean): Promise<void> {
  if (subscribed) await deps.credentials.putTicket({ key: userId, kind: NEWSLETTER, userId, data: {}, expires: NEVER });
  else await deps.credentials.deleteTickets(userId, NEWSLETTER);
}

export function registerEmailRoutes(app: FastifyInstance, deps: AccountDeps, throttle: AttemptThrottle): void {
  // verification link target; answers which of the spec's states applies
  app.post('/v2/auth/email/verify', async (request) => {
    const { flow } = verifyBody.parse(request.body ?? {});
    const ticket = await deps.credentials.peekTicket(sha256(flow), 'verify_email', nowIso(deps));
    const account = ticket?.userId ? await deps.credentials.getAccount(ticket.userId) : null;
    if (!ticket || !account || !account.email || account.email.toLowerCase() !== ticket.data.email) {
      throw invalidInput('The verification link is invalid or has expired. Request a new one.');
    }
    if (account.emailVerified) return { status: 'already_verified' };
    await deps.credentials.setEmailVerified(account.userId, true);
    await runUser(deps, account.userId, { type: 'VerifyEmail' }, account.userId, correlationOf(request));
    return { status: 'verified' };
  });

  app.post('/v2/auth/email/resend_verify', async (request, reply) => {
    const actor = requireActor(request);
    const account = await deps.credentials.getAccount(actor.userId);
    if (!account) throw unauthorized();
    if (!account.email) throw invalidInput('This account has no e-mail address');
    if (account.emailVerified) throw invalidInput('This e-mail address is already verified');
    throttle.check(`resend:${actor.userId}`);
    throttle.fail(`resend:${actor.userId}`);
    await sendVerificationMail(deps, account, request);
    return reply.status(204).send();
  });

  // begin a password reset: always 204, so it does not reveal which accounts exist
  app.post('/v2/auth/password/reset', async (request, reply) => {
    const { username } = resetBeginBody.parse(request.body ?? {});
    throttle.check(`reset:${request.ip}`);
    throttle.fail(`reset:${request.ip}`);
    const account = await deps.credentials.findByLogin(username);
    if (account?.email) {
      const flow = randomAlnum(40);
      await deps.credentials.deleteTickets(account.userId, 'reset_password');
      await deps.credentials.putTicket({
        key: sha256(flow),
        kind: 'reset_password',
        userId: account.userId,
        data: {},
        expires: new Date(Date.parse(nowIso(deps)) + RESET_TTL_MS).toISOString(),
      });
      await mail(
        deps,
        account.email,
        'Reset your password',
        `Hi ${account.username},\n\nsomeone asked to reset the password of your Modshelf account. If it was you, open this link to choose a new one:\n${link(deps, '/auth/reset-password', flow)}\n\nThe link works for one hour. If it was not you, ignore this mail.`,
      );
    }
    return reply.status(204).send();
  });

  // change the password: with a reset flow, or signed in with the old password
  app.patch('/v2/auth/password', async (request, reply) => {
    const body = changePasswordBody.parse(request.body ?? {});
    let account: AccountRecord | null;
    let reset = false;
    if (body.flow) {
      const ticket = await deps.credentials.peekTicket(sha256(body.flow), 'reset_password', nowIso(deps));
      account = ticket?.userId ? await deps.credentials.getAccount(ticket.userId) : null;
      if (!account) throw invalidInput('The password reset link is invalid or has expired');
      reset = true;
    } else {
      const actor = requireSession(request);
      account = await deps.credentials.getAccount(actor.userId);
      if (!account) throw unauthorized();
      if (account.passwordHash) {
        throttle.check(`pw:${account.userId}`);
        if (!body.old_password || !(await verifyPassword(account.passwordHash, body.old_password))) {
          throttle.fail(`pw:${account.userId}`);
          throw unauthorized('Authentication Error: the old password is incorrect');
        }
      }
    }
    if (!body.new_password) {
      if (reset) throw invalidInput('new_password: required');
      // Modrinth: an empty new password removes it (only when another sign-in method exists; we have none)
      throw invalidInput('new_password: required');
    }
    const rule = checkPasswordRules(body.new_password, account.username, account.email);
    if (rule) throw invalidInput(rule);
    // a reset link works once: take it atomically before changing anything
    if (reset && !(await deps.credentials.takeTicket(sha256(body.flow!), 'reset_password', nowIso(deps)))) {
      throw invalidInput('The password reset link is invalid or has expired');
    }
    await deps.credentials.setPasswordHash(account.userId, await hashPassword(body.new_password));
    if (reset) {
      // a reset signs out everywhere
      const state = await loadUser(deps.store, account.userId);
      for (const id of Object.keys(state.sessions)) {
        await deps.credentials.deleteTokensByRef(id);
        await runUser(deps, account.userId, { type: 'RevokeSession', session_id: id }, account.userId, correlationOf(request)).catch(() => undefined);
      }
    }
    await runUser(deps, account.userId, { type: 'ChangePassword', reset }, account.userId, correlationOf(request));
    await mail(
      deps,
      account.email,
      'Your password was changed',
      `Hi ${account.username},\n\nthe password of your Modshelf account was just changed. If this was not you, reset your password at once.`,
    );
    return reply.status(204).send();
  });

  app.get('/v2/auth/email/subscribe', async (request) => {
    const actor = requireActor(request);
    return { subscribed: !!(await deps.credentials.peekTicket(actor.userId, NEWSLETTER, nowIso(deps))) };
  });

  app.post('/v2/auth/email/subscribe', async (request, reply) => {
    const actor = requireActor(request);
    const body = (request.body ?? {}) as { subscribed?: unknown };
    await setNewsletter(deps, actor.userId, body.subscribed !== false);
    return reply.status(204).send();
  });

  app.patch('/v2/auth/email', async (request, reply) => {
    const actor = requireSession(request);
    const { email } = emailBody.parse(request.body ?? {});
    const account = await deps.credentials.getAccount(actor.userId);
    if (!account) throw unauthorized();
    if (account.email && account.email.toLowerCase() === email.toLowerCase()) throw invalidInput('This is already your e-mail address');
    await deps.credentials.setEmail(account.userId, email, false).catch(conflictToInput);
    await runUser(deps, account.userId, { type: 'ChangeEmail' }, account.userId, correlationOf(request));
    await mail(
      deps,
      account.email,
      'Your e-mail address was changed',
      `Hi ${account.username},\n\nthe e-mail address of your Modshelf account was changed. If this was not you, contact the staff.`,
    );
    await sendVerificationMail(deps, { ...account, email, emailVerified: false }, request);
    return reply.status(204).send();
  });
}
