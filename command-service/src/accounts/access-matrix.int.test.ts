import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, scope, scopesToNames, ALL_SCOPES, RESTRICTED_MASK, namesToScopes, type ScopeName } from '@modshelf/service-kit';
import { newId } from '@modshelf/events';
import { makeTestApp, type TestApp } from './test-app';
import { ACCOUNT_ROUTES, routeKey, type RouteAccess } from './access-matrix.hook';
import { hashPassword, newToken, nowIso, runUser, sha256 } from './support';
import { startTwoFactorFlow, totpCode } from './two-factor';
import { createHash } from 'node:crypto';

let t: TestApp;
let passwordHash: string;
const PASSWORD = 'matrix password 1';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const VERIFIER = 'v'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const NON_RESTRICTED = ALL_SCOPES - RESTRICTED_MASK;
let n = 0;

beforeAll(async () => {
  t = await makeTestApp();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await t.close();
});

interface User {
  id: string;
  name: string;
  session: string;
  sessionId: string;
}

async function user(role: 'developer' | 'moderator' | 'admin'): Promise<User> {
  const id = newId();
  const name = `u${++n}_${role.slice(0, 3)}`;
  await t.deps.credentials.createAccount({ userId: id, username: name, email: `${name}@example.org`, emailVerified: false, passwordHash, role });
  await runUser(t.deps, id, { type: 'Register', user_id: id, username: name, role, created: nowIso(t.deps) }, null);
  const { session, sessionId } = await addSession(id);
  return { id, name, session, sessionId };
}

async function addSession(userId: string) {
  const sessionId = newId();
  await runUser(t.deps, userId, { type: 'CreateSession', session_id: sessionId, os: null, platform: null, created: nowIso(t.deps) }, userId);
  const session = newToken('mra_');
  await t.deps.credentials.putToken({
    hash: hashToken(session),
    kind: 'session',
    refId: sessionId,
    userId,
    scopes: 0,
    expires: null,
    created: nowIso(t.deps),
    lastUsed: null,
  });
  return { session, sessionId };
}

async function apiToken(userId: string, kind: 'pat' | 'oauth', scopes: number): Promise<string> {
  const token = newToken(kind === 'pat' ? 'mrp_' : 'mro_');
  await t.deps.credentials.putToken({
    hash: hashToken(token),
    kind,
    refId: kind === 'pat' ? newId() : `${newId()}:${userId}`,
    userId,
    scopes,
    expires: null,
    created: nowIso(t.deps),
    lastUsed: null,
  });
  return token;
}

interface World {
  self: User;
  other: User;
  moderator: User;
  admin: User;
  secondSessionId: string;
  patId: string;
  appId: string;
  appSecret: string;
  methodId: string;
}

async function world(): Promise<World> {
  const [self, other, moderator, admin] = [await user('developer'), await user('developer'), await user('moderator'), await user('admin')];
  await t.deps.credentials.putTotp({ userId: self.id, secret: SECRET, enabled: true, recoveryHashes: [] });
  await runUser(t.deps, self.id, { type: 'EnableTwoFactor' }, self.id);
  const { sessionId: secondSessionId } = await addSession(self.id);
  const pat = (
    await t.req({
      method: 'POST',
      url: '/v2/pat',
      token: self.session,
      payload: { name: 'p', scopes: scope('USER_READ'), expires: new Date(Date.now() + 864e5).toISOString() },
    })
  ).json();
  const app = (
    await t.req({
      method: 'POST',
      url: '/v2/oauth/app',
      token: self.session,
      payload: { name: 'App', redirect_uris: ['https://a.example/cb'], max_scopes: scope('USER_READ') },
    })
  ).json();
  const method = (await t.req({ method: 'POST', url: '/v2/billing/payment_method', token: self.session, payload: { token: 'tok_mastercard' } })).json();
  return { self, other, moderator, admin, secondSessionId, patId: pat.id, appId: app.client.id, appSecret: app.client_secret, methodId: method.id };
}

async function ticket(w: World, kind: string, data: Record<string, unknown>): Promise<string> {
  const flow = `f${newId()}${newId()}`;
  await t.deps.credentials.putTicket({ key: sha256(flow), kind, userId: w.self.id, data, expires: new Date(Date.now() + 6e5).toISOString() });
  return flow;
}

type Fixture = (w: World, target: { userId: string; username: string }) => Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;
const json = (payload: unknown) => ({ payload });

const FIXTURES: Record<string, Fixture> = {
  'POST /v2/auth/create': async () => ({
    url: '/v2/auth/create',
    ...json({ username: `new${++n}`, password: 'a good password', email: `new${n}@example.org` }),
  }),
  'POST /v2/auth/login': async (w) => ({ url: '/v2/auth/login', ...json({ username: w.self.name, password: PASSWORD }) }),
  'POST /v2/auth/login/2fa': async (w) => ({
    url: '/v2/auth/login/2fa',
    ...json({ flow: await startTwoFactorFlow(t.deps, w.self.id, 'login'), code: totpCode(SECRET) }),
  }),
  'POST /v2/auth/logout': async () => ({ url: '/v2/auth/logout' }),
  'POST /v2/auth/2fa/get_secret': async () => ({ url: '/v2/auth/2fa/get_secret' }),
  'POST /v2/auth/2fa': async (w) => ({ url: '/v2/auth/2fa', ...json({ flow: await ticket(w, '2fa_setup', { secret: SECRET }), code: totpCode(SECRET) }) }),
  'DELETE /v2/auth/2fa': async () => ({ url: '/v2/auth/2fa', ...json({ code: totpCode(SECRET) }) }),
  'POST /v2/auth/email/verify': async (w) => ({
    url: '/v2/auth/email/verify',
    ...json({ flow: await ticket(w, 'verify_email', { email: `${w.self.name}@example.org` }) }),
  }),
  'POST /v2/auth/email/resend_verify': async () => ({ url: '/v2/auth/email/resend_verify' }),
  'POST /v2/auth/password/reset': async (w) => ({ url: '/v2/auth/password/reset', ...json({ username: w.self.name }) }),
  'PATCH /v2/auth/password': async () => ({ url: '/v2/auth/password', ...json({ old_password: PASSWORD, new_password: 'another good password' }) }),
  'PATCH /v2/auth/email': async () => ({ url: '/v2/auth/email', ...json({ email: `changed${++n}@example.org` }) }),
  'GET /v2/auth/email/subscribe': async () => ({ url: '/v2/auth/email/subscribe' }),
  'POST /v2/auth/email/subscribe': async () => ({ url: '/v2/auth/email/subscribe', ...json({ subscribed: true }) }),
  'POST /v2/pat': async () => ({ url: '/v2/pat', ...json({ name: 'x', scopes: scope('USER_READ'), expires: new Date(Date.now() + 864e5).toISOString() }) }),
  'GET /v2/pat': async () => ({ url: '/v2/pat' }),
  'PATCH /v2/pat/:id': async (w) => ({ url: `/v2/pat/${w.patId}`, ...json({ name: 'renamed' }) }),
  'DELETE /v2/pat/:id': async (w) => ({ url: `/v2/pat/${w.patId}` }),
  'GET /v2/session/list': async () => ({ url: '/v2/session/list' }),
  'DELETE /v2/session/:id': async (w) => ({ url: `/v2/session/${w.secondSessionId}` }),
  'POST /v2/session/refresh': async () => ({ url: '/v2/session/refresh' }),
  'PATCH /v2/user/:id': async (_w, target) => ({ url: `/v2/user/${target.userId}`, ...json({ bio: 'edited' }) }),
  'PATCH /v2/user/:id/icon': async (_w, target) => ({ url: `/v2/user/${target.userId}/icon?ext=png`, payload: PNG, headers: { 'content-type': 'image/png' } }),
  'DELETE /v2/user/:id/icon': async (_w, target) => ({ url: `/v2/user/${target.userId}/icon` }),
  'DELETE /v2/user/:id': async (_w, target) => ({ url: `/v2/user/${target.userId}` }),
  'GET /_avatars/:file': async (w) => ({ url: `/_avatars/${w.self.id}-0000000000000000.png` }),
  'POST /v2/oauth/app': async () => ({
    url: '/v2/oauth/app',
    ...json({ name: 'Another', redirect_uris: ['https://b.example/cb'], max_scopes: scope('USER_READ') }),
  }),
  'GET /v2/oauth/app/:id': async (w) => ({ url: `/v2/oauth/app/${w.appId}` }),
  'GET /v2/oauth/apps': async (w) => ({ url: `/v2/oauth/apps?ids=${encodeURIComponent(JSON.stringify([w.appId]))}` }),
  'GET /v2/user/:id/oauth_apps': async (_w, target) => ({ url: `/v2/user/${target.userId}/oauth_apps` }),
  'PATCH /v2/oauth/app/:id': async (w) => ({ url: `/v2/oauth/app/${w.appId}`, ...json({ name: 'Renamed app' }) }),
  'POST /v2/oauth/app/:id/secret': async (w) => ({ url: `/v2/oauth/app/${w.appId}/secret` }),
  'DELETE /v2/oauth/app/:id': async (w) => ({ url: `/v2/oauth/app/${w.appId}` }),
  'GET /v2/oauth/authorize': async (w) => ({
    url: `/v2/oauth/authorize?${new URLSearchParams({ client_id: w.appId, redirect_uri: 'https://a.example/cb', scope: 'USER_READ', code_challenge: CHALLENGE })}`,
  }),
  'POST /v2/oauth/accept': async (w) => ({
    url: '/v2/oauth/accept',
    ...json({
      flow: await ticket(w, 'oauth_flow', {
        client_id: w.appId,
        redirect_uri: 'https://a.example/cb',
        redirect_given: true,
        scopes: scope('USER_READ'),
        state: null,
        code_challenge: CHALLENGE,
      }),
    }),
  }),
  'POST /v2/oauth/reject': async (w) => ({
    url: '/v2/oauth/reject',
    ...json({
      flow: await ticket(w, 'oauth_flow', {
        client_id: w.appId,
        redirect_uri: 'https://a.example/cb',
        redirect_given: true,
        scopes: scope('USER_READ'),
        state: null,
        code_challenge: CHALLENGE,
      }),
    }),
  }),
  'POST /v2/oauth/token': async (w) => {
    await runUser(
      t.deps,
      w.self.id,
      { type: 'AuthorizeApp', authorization_id: newId(), app_id: w.appId, scopes: scope('USER_READ'), created: nowIso(t.deps) },
      w.self.id,
    );
    const code = await ticket(w, 'x', {});
    await t.deps.credentials.putTicket({
      key: sha256(code),
      kind: 'oauth_code',
      userId: w.self.id,
      data: { client_id: w.appId, redirect_uri: 'https://a.example/cb', redirect_given: true, scopes: scope('USER_READ'), code_challenge: CHALLENGE },
      expires: new Date(Date.now() + 6e5).toISOString(),
    });
    return {
      url: '/v2/oauth/token',
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: w.appId,
        redirect_uri: 'https://a.example/cb',
        code_verifier: VERIFIER,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: w.appSecret },
    };
  },
  'GET /v2/oauth/authorizations': async () => ({ url: '/v2/oauth/authorizations' }),
  'DELETE /v2/oauth/authorizations': async (w) => ({ url: `/v2/oauth/authorizations?client_id=${w.appId}` }),
  'GET /v2/billing/products': async () => ({ url: '/v2/billing/products' }),
  'GET /v2/billing/payment_methods': async () => ({ url: '/v2/billing/payment_methods' }),
  'POST /v2/billing/payment_method': async () => ({ url: '/v2/billing/payment_method', ...json({ token: 'tok_visa' }) }),
  'PATCH /v2/billing/payment_method/:id': async (w) => ({ url: `/v2/billing/payment_method/${w.methodId}`, ...json({ primary: true }) }),
  'DELETE /v2/billing/payment_method/:id': async (w) => ({ url: `/v2/billing/payment_method/${w.methodId}` }),
  'GET /v2/billing/subscriptions': async () => ({ url: '/v2/billing/subscriptions' }),
  'POST /v2/billing/subscription': async () => ({ url: '/v2/billing/subscription', ...json({ product_id: 'modshelf-plus', interval: 'monthly' }) }),
  'PATCH /v2/billing/subscription/:id': async (w) => ({ url: `/v2/billing/subscription/${w.methodId}`, ...json({ cancelled: true }) }),
  'DELETE /v2/billing/subscription/:id': async (w) => ({ url: `/v2/billing/subscription/${w.methodId}` }),
  'POST /v2/billing/subscription/:id/retry': async (w) => ({ url: `/v2/billing/subscription/${w.methodId}/retry` }),
  'GET /v2/billing/charges': async () => ({ url: '/v2/billing/charges' }),
  'GET /v2/billing/user/:id': async (_w, target) => ({ url: `/v2/billing/user/${target.userId}` }),
};

type Caller = 'anonymous' | 'session' | 'pat-with' | 'pat-without' | 'oauth-with' | 'oauth-without';
const CALLERS: Caller[] = ['anonymous', 'session', 'pat-with', 'pat-without', 'oauth-with', 'oauth-without'];

function ruleScopes(r: RouteAccess): number | null {
  return r.token.kind === 'scopes' ? namesToScopes(r.token.scopes) : null;
}
/** Cells a token can actually be in: PATs and OAuth grants never carry restricted scopes. */
function grantable(r: RouteAccess): boolean {
  const s = ruleScopes(r);
  return s === null || scopesToNames(s).every((n: ScopeName) => !scopesToNames(RESTRICTED_MASK).includes(n));
}
function expected(r: RouteAccess, c: Caller): boolean {
  if (r.token.kind === 'public') return true;
  if (c === 'anonymous') return false;
  if (r.token.kind === 'session') return c === 'session';
  return c === 'session' || c === 'pat-with' || c === 'oauth-with';
}

async function callerToken(w: World, r: RouteAccess, c: Caller): Promise<string | undefined> {
  const s = ruleScopes(r) ?? 0;
  switch (c) {
    case 'anonymous':
      return undefined;
    case 'session':
      return w.self.session;
    case 'pat-with':
      return apiToken(w.self.id, 'pat', s === 0 ? NON_RESTRICTED : s);
    case 'pat-without':
      return apiToken(w.self.id, 'pat', NON_RESTRICTED - (grantable(r) ? s : 0));
    case 'oauth-with':
      return apiToken(w.self.id, 'oauth', s === 0 ? NON_RESTRICTED : s);
    case 'oauth-without':
      return apiToken(w.self.id, 'oauth', NON_RESTRICTED - (grantable(r) ? s : 0));
  }
}

describe('route x role x scope matrix (accounts)', () => {
  it('has a fixture for every route in the table and no more', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(ACCOUNT_ROUTES.map((r) => routeKey(r.method, r.url)).sort());
  });

  it('every route in the table is served (and start-up fails for an accounts route missing from it)', () => {
    for (const r of ACCOUNT_ROUTES) expect(t.app.hasRoute({ method: r.method, url: r.url }), routeKey(r.method, r.url)).toBe(true);
  });

  for (const r of ACCOUNT_ROUTES) {
    const key = routeKey(r.method, r.url);
    for (const c of CALLERS) {
      if ((c === 'pat-with' || c === 'oauth-with') && r.token.kind === 'scopes' && !grantable(r)) continue;
      const allow = expected(r, c);
      it(`${key} as ${c}: ${allow ? 'allowed' : '401'}`, async () => {
        const w = await world();
        const f = await FIXTURES[key](w, { userId: w.self.id, username: w.self.name });
        const token = await callerToken(w, r, c);
        const res = await t.req({ method: r.method, url: f.url, payload: f.payload as never, token, headers: f.headers });
        if (allow) {
          expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
          expect(res.statusCode, res.body).toBeLessThan(500);
        } else {
          expect(res.statusCode, res.body).toBe(401);
          expect(res.json().error).toBe('unauthorized');
        }
      });
    }
    if (r.target === 'self-or-admin' || r.target === 'owner-or-admin') {
      for (const role of ['self', 'other', 'moderator', 'admin'] as const) {
        const allow = role === 'self' || role === 'admin';
        it(`${key} by ${role} on self's ${r.target === 'owner-or-admin' ? 'app' : 'account'}: ${allow ? 'allowed' : '401'}`, async () => {
          const w = await world();
          const f = await FIXTURES[key](w, { userId: w.self.id, username: w.self.name });
          const actor = role === 'self' ? w.self : role === 'other' ? w.other : role === 'moderator' ? w.moderator : w.admin;
          const res = await t.req({ method: r.method, url: f.url, payload: f.payload as never, token: actor.session, headers: f.headers });
          if (allow) expect([401, 403], res.body).not.toContain(res.statusCode);
          else expect(res.statusCode, res.body).toBe(401);
        });
      }
    }
  }
});
