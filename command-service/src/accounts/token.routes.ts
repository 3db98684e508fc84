import { createPat, editPat, idParam } from '@modshelf/contract/v2';
import type { FastifyInstance } from 'fastify';
import { newId } from '@modshelf/events';
import { hashToken, notFound, requireScope, requireSession, setSessionCookie } from '@modshelf/service-kit';
import { loadUser, newToken, nowIso, runUser, type AccountDeps } from './support';
import { issueSession, correlationOf } from './http';
import type { AccountRecord } from '@modshelf/events';

function patView(
  p: { name: string; scopes: number; expires: string; created: string },
  id: string,
  userId: string,
  lastUsed: string | null,
  accessToken: string | null,
) {
  return { id, name: p.name, access_token: accessToken, scopes: p.scopes, user_id: userId, created: p.created, expires: p.expires, last_used: lastUsed };
}

export function registerTokenRoutes(app: FastifyInstance, deps: AccountDeps): void {
  // ---- personal access tokens -------------------------------------------------
  app.post('/v2/pat', async (request) => {
    const actor = requireScope(request, 'PAT_CREATE');
    const body = createPat.parse(request.body ?? {});
    const patId = newId();
    const created = nowIso(deps);
    const result = await runUser(
      deps,
      actor.userId,
      { type: 'CreatePat', pat_id: patId, name: body.name, scopes: body.scopes, expires: body.expires, created, now: created },
      actor.userId,
      correlationOf(request),
    );
    const pat = result.state.pats[patId];
    const token = newToken('mrp_');
    await deps.credentials.putToken({
      hash: hashToken(token),
      kind: 'pat',
      refId: patId,
      userId: actor.userId,
      scopes: pat.scopes,
      expires: pat.expires,
      created,
      lastUsed: null,
      meta: { name: pat.name },
    });
    // the token is shown once, here; only its hash is kept
    return patView(pat, patId, actor.userId, null, token);
  });

  app.get('/v2/pat', async (request) => {
    const actor = requireScope(request, 'PAT_READ');
    const state = await loadUser(deps.store, actor.userId);
    const lastUsed = new Map((await deps.credentials.listTokens(actor.userId, 'pat')).map((t) => [t.refId, t.lastUsed]));
    return Object.entries(state.pats)
      .map(([id, p]) => patView(p, id, actor.userId, lastUsed.get(id) ?? null, null))
      .sort((a, b) => b.created.localeCompare(a.created));
  });

  app.patch('/v2/pat/:id', async (request, reply) => {
    const actor = requireScope(request, 'PAT_WRITE');
    const { id } = idParam.parse(request.params);
    const body = editPat.parse(request.body ?? {});
    const now = nowIso(deps);
    const result = await runUser(deps, actor.userId, { type: 'EditPat', pat_id: id, ...body, now }, actor.userId, correlationOf(request));
    const pat = result.state.pats[id];
    await deps.credentials.updateTokens(id, { scopes: pat.scopes, expires: pat.expires });
    return reply.status(204).send();
  });

  app.delete('/v2/pat/:id', async (request, reply) => {
    const actor = requireScope(request, 'PAT_DELETE');
    const { id } = idParam.parse(request.params);
    const state = await loadUser(deps.store, actor.userId);
    if (!state.pats[id]) throw notFound('token not found');
    // revoke first: a token that is gone from the vault can never be used again
    await deps.credentials.deleteTokensByRef(id);
    await runUser(deps, actor.userId, { type: 'DeletePat', pat_id: id }, actor.userId, correlationOf(request));
    return reply.status(204).send();
  });

  // ---- sessions ----------------------------------------------------------------
  app.get('/v2/session/list', async (request) => {
    const actor = requireScope(request, 'SESSION_READ');
    const now = Date.parse(nowIso(deps));
    const tokens = await deps.credentials.listTokens(actor.userId, 'session');
    return tokens
      .filter((t) => !t.expires || Date.parse(t.expires) > now)
      .map((t) => ({
        id: t.refId,
        user_id: t.userId,
        created: t.created,
        last_login: t.lastUsed ?? t.created,
        expires: t.expires,
        os: t.meta?.os ?? null,
        platform: t.meta?.platform ?? null,
        current: t.hash === request.authTokenHash,
      }))
      .sort((a, b) => b.last_login.localeCompare(a.last_login));
  });

  app.delete('/v2/session/:id', async (request, reply) => {
    const actor = requireScope(request, 'SESSION_DELETE');
    const { id } = idParam.parse(request.params);
    const state = await loadUser(deps.store, actor.userId);
    if (!state.sessions[id]) throw notFound('session not found');
    await deps.credentials.deleteTokensByRef(id);
    await runUser(deps, actor.userId, { type: 'RevokeSession', session_id: id }, actor.userId, correlationOf(request));
    if (id === actor.tokenRefId && request.authVia === 'cookie') setSessionCookie(request, reply, null);
    return reply.status(204).send();
  });

  app.post('/v2/session/refresh', async (request, reply) => {
    const actor = requireSession(request);
    const account = (await deps.credentials.getAccount(actor.userId)) as AccountRecord;
    const session = await issueSession(deps, account, request, reply);
    await deps.credentials.deleteTokensByRef(actor.tokenRefId);
    await runUser(deps, actor.userId, { type: 'RevokeSession', session_id: actor.tokenRefId }, actor.userId, correlationOf(request)).catch(() => undefined);
    return { session };
  });
}
