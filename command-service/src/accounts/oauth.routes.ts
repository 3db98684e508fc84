import { InvalidInput, Unauthorized } from '@modshelf/contract';
import { appBody, authorizeQuery, flowBody, tokenForm, idParam } from '@modshelf/contract/v2';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newId, oauthAppStream, upcast, type EventStore } from '@modshelf/events';
import {
  SCOPE_BITS,
  hashToken,
  invalidInput,
  isValidScopeMask,
  namesToScopes,
  notFound,
  requireSession,
  safeEqual,
  scopesToNames,
  type ScopeName,
} from '@modshelf/service-kit';
import { execute, newCommandContext } from '../kernel/execute';
import { fold } from '../kernel/decider';
import { oauthAppDecider, scopesWithin, type AppFields, type OAuthAppCommand, type OAuthAppState } from './oauth-decider';
import { loadUser, newToken, nowIso, randomAlnum, runUser, sha256, type AccountDeps } from './support';
import { correlationOf } from './http';
import { clientAuthentication, WWW_AUTHENTICATE } from './oauth-client-auth';

export const OAUTH_TOKEN_TTL_S = 14 * 24 * 60 * 60;
const CODE_TTL_MS = 10 * 60 * 1000;
const FLOW_TTL_MS = 30 * 60 * 1000;
const SECRET_KIND = 'oauth_client_secret';
const NEVER = '9999-12-31T23:59:59.999Z';
const scopeNames = Object.keys(SCOPE_BITS) as [ScopeName, ...ScopeName[]];
const appEdit = appBody.partial();

/** "USER_READ+PROJECT_READ" (Modrinth joins names with +; form decoding turns + into a space). */
export function parseScopeString(s: string): number | null {
  const names = s.split(/[+\s,]+/).filter(Boolean);
  if (!names.length) return null;
  if (!names.every((n) => (scopeNames as string[]).includes(n))) return null;
  return namesToScopes(names as ScopeName[]);
}

async function loadApp(store: EventStore, appId: string): Promise<OAuthAppState> {
  return fold(oauthAppDecider, (await store.readStream(oauthAppStream(appId))).map(upcast));
}

function runApp(deps: AccountDeps, appId: string, cmd: OAuthAppCommand, actor: string | null) {
  const ctx = newCommandContext(actor);
  if (deps.now) ctx.time = deps.now().toISOString();
  return execute(deps.store, oauthAppStream(appId), oauthAppDecider, cmd, ctx);
}

async function liveApp(deps: AccountDeps, appId: string): Promise<NonNullable<OAuthAppState['app']>> {
  const s = await loadApp(deps.store, appId);
  if (!s.exists || s.deleted || !s.app) throw notFound('application not found');
  return s.app;
}

function clientView(app: NonNullable<OAuthAppState['app']>) {
  return {
    id: app.app_id,
    name: app.name,
    icon_url: app.icon_url,
    max_scopes: app.max_scopes,
    redirect_uris: app.redirect_uris.map((uri, i) => ({ id: `${app.app_id}-${i}`, client_id: app.app_id, uri })),
    created_by: app.created_by,
    created: app.created,
    url: app.url,
    description: app.description,
  };
}

async function newSecret(deps: AccountDeps, appId: string, ownerId: string): Promise<string> {
  const secret = randomAlnum(48);
  await deps.credentials.putTicket({ key: appId, kind: SECRET_KIND, userId: ownerId, data: { hash: sha256(secret) }, expires: NEVER });
  return secret;
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
}

/** When an account is deleted its applications go too, with every token they were given. */
export async function deleteAppsOf(deps: AccountDeps, userId: string): Promise<void> {
  for (const t of await deps.credentials.listTickets(userId, SECRET_KIND)) {
    const s = await loadApp(deps.store, t.key);
    if (s.exists && !s.deleted) await runApp(deps, t.key, { type: 'DeleteApp', actor: { userId, role: 'admin' } }, userId);
    await deps.credentials.deleteTokensByRefPrefix(`${t.key}:`);
  }
}

export function registerOAuthRoutes(app: FastifyInstance, deps: AccountDeps): void {
  // ---- applications (SESSION_ACCESS: a signed-in session only) -------------------
  app.post('/v2/oauth/app', async (request) => {
    const actor = requireSession(request);
    const body = appBody.parse(request.body ?? {});
    const appId = newId();
    const fields: AppFields = {
      name: body.name,
      icon_url: body.icon_url ?? null,
      url: body.url ?? null,
      description: body.description ?? null,
      redirect_uris: body.redirect_uris,
      max_scopes: body.max_scopes,
    };
    const r = await runApp(deps, appId, { type: 'CreateApp', app_id: appId, created_by: actor.userId, created: nowIso(deps), fields }, actor.userId);
    const client_secret = await newSecret(deps, appId, actor.userId);
    // the secret is shown once, here
    return { client_secret, client: clientView(r.state.app!) };
  });

  app.get('/v2/oauth/app/:id', async (request) => {
    const { id } = idParam.parse(request.params);
    return clientView(await liveApp(deps, id));
  });

  app.get('/v2/oauth/apps', async (request) => {
    const raw = (request.query as Record<string, string>).ids ?? '[]';
    let ids: unknown;
    try {
      ids = JSON.parse(raw);
    } catch {
      throw invalidInput('ids: a JSON array of ids');
    }
    if (!Array.isArray(ids) || ids.length > 100) throw invalidInput('ids: a JSON array of at most 100 ids');
    const out = [];
    for (const id of ids) {
      if (typeof id !== 'string' || !/^[0-9A-Za-z]{8}$/.test(id)) continue;
      const s = await loadApp(deps.store, id);
      if (s.exists && !s.deleted && s.app) out.push(clientView(s.app));
    }
    return out;
  });

  app.get('/v2/user/:id/oauth_apps', async (request) => {
    const actor = requireSession(request);
    const { id } = request.params as { id: string };
    const target = (await deps.credentials.getAccount(id)) ?? (await deps.credentials.findByUsername(id));
    if (!target) throw notFound('User not found');
    if (target.userId !== actor.userId && actor.role !== 'admin') throw new Unauthorized('You may only list your own applications');
    const out = [];
    for (const t of await deps.credentials.listTickets(target.userId, SECRET_KIND)) {
      const s = await loadApp(deps.store, t.key);
      if (s.exists && !s.deleted && s.app) out.push(clientView(s.app));
    }
    return out;
  });

  app.patch('/v2/oauth/app/:id', async (request, reply) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    const changes = appEdit.parse(request.body ?? {});
    await runApp(deps, id, { type: 'EditApp', actor, changes: changes as Partial<AppFields> }, actor.userId);
    return reply.status(204).send();
  });

  app.post('/v2/oauth/app/:id/secret', async (request) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    const r = await runApp(deps, id, { type: 'RotateSecret', actor }, actor.userId);
    return { client_secret: await newSecret(deps, id, r.state.app!.created_by) };
  });

  app.delete('/v2/oauth/app/:id', async (request, reply) => {
    const actor = requireSession(request);
    const { id } = idParam.parse(request.params);
    const r = await runApp(deps, id, { type: 'DeleteApp', actor }, actor.userId);
    await deps.credentials.deleteTokensByRefPrefix(`${id}:`);
    await deps.credentials.deleteTickets(r.state.app!.created_by, SECRET_KIND);
    return reply.status(204).send();
  });

  // ---- the authorization-code flow with PKCE ----------------------------------
  /** What the consent page shows: the app, its creator, the scopes and where the user goes next. */
  app.get('/v2/oauth/authorize', async (request) => {
    const actor = requireSession(request);
    const q = authorizeQuery.parse(request.query ?? {});
    const client = await liveApp(deps, q.client_id);
    const redirect = q.redirect_uri ?? client.redirect_uris[0];
    if (!client.redirect_uris.includes(redirect)) throw invalidInput("redirect_uri: not one of the application's redirect URIs");
    const scopes = parseScopeString(q.scope);
    if (scopes === null || !isValidScopeMask(scopes)) throw invalidInput('scope: unknown scope names');
    if (!scopesWithin(scopes, client.max_scopes)) throw invalidInput('scope: the application may not ask for these scopes');
    const creator = await deps.credentials.getAccount(client.created_by);
    const user = await loadUser(deps.store, actor.userId);
    const existing = user.authorizations[client.app_id];
    const flow = randomAlnum(40);
    await deps.credentials.putTicket({
      key: sha256(flow),
      kind: 'oauth_flow',
      userId: actor.userId,
      data: {
        client_id: client.app_id,
        redirect_uri: redirect,
        redirect_given: q.redirect_uri !== undefined,
        scopes,
        state: q.state ?? null,
        code_challenge: q.code_challenge,
      },
      expires: new Date(Date.parse(nowIso(deps)) + FLOW_TTL_MS).toISOString(),
    });
    return {
      flow_id: flow,
      client_id: client.app_id,
      client_name: client.name,
      client_icon: client.icon_url,
      client_url: client.url,
      client_creator: creator ? { id: creator.userId, username: creator.username } : null,
      requested_scopes: scopes,
      requested_scope_names: scopesToNames(scopes),
      redirect_uri: redirect,
      state: q.state ?? null,
      already_authorized: !!existing && scopesWithin(scopes, existing.scopes),
    };
  });

  async function takeFlow(request: FastifyRequest) {
    const actor = requireSession(request);
    const { flow } = flowBody.parse(request.body ?? {});
    const ticket = await deps.credentials.takeTicket(sha256(flow), 'oauth_flow', nowIso(deps));
    if (!ticket || ticket.userId !== actor.userId) throw invalidInput('The authorization request is invalid or has expired');
    return {
      actor,
      data: ticket.data as { client_id: string; redirect_uri: string; redirect_given: boolean; scopes: number; state: string | null; code_challenge: string },
    };
  }

  /** Authorize: answers the redirect location (a JSON string) carrying the code and state. */
  app.post('/v2/oauth/accept', async (request, reply) => {
    const { actor, data } = await takeFlow(request);
    await liveApp(deps, data.client_id);
    const r = await runUser(
      deps,
      actor.userId,
      { type: 'AuthorizeApp', authorization_id: newId(), app_id: data.client_id, scopes: data.scopes, created: nowIso(deps) },
      actor.userId,
      correlationOf(request),
    );
    const code = randomAlnum(40);
    await deps.credentials.putTicket({
      key: sha256(code),
      kind: 'oauth_code',
      userId: actor.userId,
      data: { ...data, authorization_id: r.state.authorizations[data.client_id].id },
      expires: new Date(Date.parse(nowIso(deps)) + CODE_TTL_MS).toISOString(),
    });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(withParams(data.redirect_uri, { code, state: data.state ?? undefined })));
  });

  /** Decline: the redirect location with error=access_denied. */
  app.post('/v2/oauth/reject', async (request, reply) => {
    const { data } = await takeFlow(request);
    return reply
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify(
          withParams(data.redirect_uri, { error: 'access_denied', error_description: 'The user declined the authorization', state: data.state ?? undefined }),
        ),
      );
  });

  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }
    // OAuth error answers carry RFC 6749 §5.2's error_description beside our description
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      try {
        const body = JSON.parse(payload) as Record<string, unknown>;
        if (typeof body?.description !== 'string' || 'error_description' in body) return payload;
        return JSON.stringify({ ...body, error_description: body.description });
      } catch {
        return payload;
      }
    });
    /** Exchanges a code for an mro_ token limited to the granted scopes. */
    scope.post('/v2/oauth/token', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const raw = (request.body ?? {}) as Record<string, string>;
      const form = tokenForm.safeParse(raw);
      if (!form.success) throw new InvalidInput(form.error.issues.map((i) => i.message).join('; '), { code: 'invalid_request' });
      const client = clientAuthentication(request, raw);
      const f = { ...form.data, client_id: client.clientId };
      const secretRow = /^[0-9A-Za-z]{8}$/.test(f.client_id) ? await deps.credentials.peekTicket(f.client_id, SECRET_KIND, nowIso(deps)) : null;
      const presented = client.secret;
      if (!secretRow || !presented || !safeEqual(sha256(presented), String(secretRow.data.hash))) {
        throw new Unauthorized('Client authentication failed', {
          code: 'invalid_client',
          headers: client.method === 'client_secret_basic' ? WWW_AUTHENTICATE : {},
        });
      }
      const ticket = await deps.credentials.takeTicket(sha256(f.code), 'oauth_code', nowIso(deps));
      const d = ticket?.data as { client_id: string; redirect_uri: string; redirect_given: boolean; scopes: number; code_challenge: string } | undefined;
      if (!ticket?.userId || !d || d.client_id !== f.client_id)
        throw new InvalidInput('The authorization code is invalid or has expired', { code: 'invalid_grant' });
      if ((d.redirect_given || f.redirect_uri !== undefined) && f.redirect_uri !== d.redirect_uri) {
        throw new InvalidInput('redirect_uri does not match the authorization request', { code: 'invalid_grant' });
      }
      const challenge = createHash('sha256').update(f.code_verifier).digest('base64url');
      if (!safeEqual(challenge, d.code_challenge)) throw new InvalidInput('PKCE verification failed', { code: 'invalid_grant' });
      await liveApp(deps, f.client_id);
      const user = await loadUser(deps.store, ticket.userId);
      if (!user.authorizations[f.client_id]) throw new InvalidInput('The authorization was revoked', { code: 'invalid_grant' });
      const token = newToken('mro_');
      const created = nowIso(deps);
      await deps.credentials.putToken({
        hash: hashToken(token),
        kind: 'oauth',
        refId: `${f.client_id}:${ticket.userId}`,
        userId: ticket.userId,
        scopes: d.scopes,
        expires: new Date(Date.parse(created) + OAUTH_TOKEN_TTL_S * 1000).toISOString(),
        created,
        lastUsed: null,
        meta: { client_id: f.client_id },
      });
      return { access_token: token, token_type: 'Bearer', expires_in: OAUTH_TOKEN_TTL_S, scope: scopesToNames(d.scopes).join('+') };
    });
  });

  // ---- the user's authorizations ----------------------------------------------
  app.get('/v2/oauth/authorizations', async (request) => {
    const actor = requireSession(request);
    const user = await loadUser(deps.store, actor.userId);
    const out = [];
    for (const [appId, a] of Object.entries(user.authorizations)) {
      const s = await loadApp(deps.store, appId);
      out.push({
        id: a.id,
        app_id: appId,
        user_id: actor.userId,
        scopes: a.scopes,
        created: a.created,
        app_name: s.app?.name ?? null,
        app_icon: s.app?.icon_url ?? null,
      });
    }
    return out;
  });

  app.delete('/v2/oauth/authorizations', async (request, reply) => {
    const actor = requireSession(request);
    const clientId = String((request.query as Record<string, unknown>).client_id ?? '');
    if (!/^[0-9A-Za-z]{8}$/.test(clientId)) throw invalidInput('client_id: required');
    await deps.credentials.deleteTokensByRef(`${clientId}:${actor.userId}`);
    await runUser(deps, actor.userId, { type: 'RevokeAuthorization', app_id: clientId }, actor.userId, correlationOf(request));
    return reply.status(204).send();
  });
}
