import type { FastifyReply, FastifyRequest } from 'fastify';
import { CredentialConflictError, newId, type AccountRecord } from '@modshelf/events';
import { POSITION_HEADER, hashToken, invalidInput, setSessionCookie } from '@modshelf/service-kit';
import { SESSION_TTL_MS, newToken, nowIso, parseUserAgent, runUser, type AccountDeps } from './support';

/** The account routes' shared HTTP pieces (sign-in, two-factor, tokens, e-mail and profile routes use them). */

export function conflictToInput(err: unknown): never {
  if (err instanceof CredentialConflictError) {
    throw invalidInput(err.field === 'username' ? 'Username is taken!' : 'This e-mail address is already in use by another account');
  }
  throw err;
}

/** Creates a session for the account: the SessionCreated event (its position in the answer's header), the token hash in the vault, the cookie. */
export async function issueSession(deps: AccountDeps, account: AccountRecord, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const sessionId = newId();
  const created = nowIso(deps);
  const { os, platform } = parseUserAgent(request.headers['user-agent']);
  const { position } = await runUser(
    deps,
    account.userId,
    { type: 'CreateSession', session_id: sessionId, os, platform, created },
    account.userId,
    correlationOf(request),
  );
  // read-your-writes: the session's event comes after everything this request wrote (a new account too)
  reply.header(POSITION_HEADER, String(position));
  const token = newToken('mra_');
  await deps.credentials.putToken({
    hash: hashToken(token),
    kind: 'session',
    refId: sessionId,
    userId: account.userId,
    scopes: 0,
    expires: new Date(Date.parse(created) + SESSION_TTL_MS).toISOString(),
    created,
    lastUsed: created,
    meta: { os, platform },
  });
  setSessionCookie(request, reply, token, SESSION_TTL_MS / 1000);
  // expired sessions are dropped from the vault as new ones arrive
  for (const t of await deps.credentials.listTokens(account.userId, 'session')) {
    if (t.expires && t.expires <= created) await deps.credentials.deleteToken(t.hash);
  }
  return token;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}

/** The caller's x-correlation-id, which the commands of its request carry. */
export function correlationOf(request: FastifyRequest): string | undefined {
  const id = request.headers['x-correlation-id'];
  return typeof id === 'string' ? id : undefined;
}
