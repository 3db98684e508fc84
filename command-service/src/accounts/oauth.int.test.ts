import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { scope } from '@modshelf/service-kit';
import { makeTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const REDIRECT = 'https://client.example/callback';
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function registerApp(session: string, max = scope('USER_READ') + scope('USER_WRITE') + scope('PROJECT_READ')) {
  const r = await t.req({
    method: 'POST',
    url: '/v2/oauth/app',
    token: session,
    payload: { name: 'Launcher', redirect_uris: [REDIRECT], max_scopes: max, url: 'https://client.example' },
  });
  expect(r.statusCode).toBe(200);
  return r.json() as { client_secret: string; client: { id: string } };
}

async function authorize(session: string, clientId: string, scopes: string, challenge: string) {
  const q = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: scopes,
    state: 'xyz',
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return t.req({ method: 'GET', url: `/v2/oauth/authorize?${q}`, token: session });
}

function tokenRequest(form: Record<string, string>, secret?: string) {
  return t.req({
    method: 'POST',
    url: '/v2/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(secret ? { authorization: secret } : {}) },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('OAuth2 authorization-code flow with PKCE', () => {
  it('registers an app (secret once), shows consent, exchanges the code for a token limited to the granted scopes', async () => {
    const dev = await t.signUp('devon');
    const { client_secret, client } = await registerApp(dev);
    expect(client_secret).toHaveLength(48);
    const pub = (await t.req({ method: 'GET', url: `/v2/oauth/app/${client.id}` })).json();
    expect(pub).not.toHaveProperty('client_secret');
    expect(pub.redirect_uris[0].uri).toBe(REDIRECT);

    const user = await t.signUp('ursula');
    const { verifier, challenge } = pkce();
    const consent = await authorize(user, client.id, 'USER_WRITE+USER_READ', challenge);
    expect(consent.statusCode).toBe(200);
    const c = consent.json();
    expect(c).toMatchObject({
      client_name: 'Launcher',
      client_creator: { username: 'devon' },
      redirect_uri: REDIRECT,
      requested_scopes: scope('USER_WRITE') + scope('USER_READ'),
      already_authorized: false,
    });
    expect(c.requested_scope_names.sort()).toEqual(['USER_READ', 'USER_WRITE']);

    const accepted = await t.req({ method: 'POST', url: '/v2/oauth/accept', token: user, payload: { flow: c.flow_id } });
    expect(accepted.headers['content-type']).toMatch(/application\/json/);
    const location = new URL(accepted.json());
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;

    // wrong secret, wrong verifier
    expect(
      (await tokenRequest({ grant_type: 'authorization_code', code, client_id: client.id, redirect_uri: REDIRECT, code_verifier: verifier }, 'wrong'))
        .statusCode,
    ).toBe(401);
    const badPkce = await tokenRequest(
      { grant_type: 'authorization_code', code, client_id: client.id, redirect_uri: REDIRECT, code_verifier: pkce().verifier },
      client_secret,
    );
    expect(badPkce.statusCode).toBe(400);
    // the failed attempt spent the code: start again
    const again = (await authorize(user, client.id, 'USER_WRITE+USER_READ', challenge)).json();
    expect(again.already_authorized).toBe(true);
    const code2 = new URL((await t.req({ method: 'POST', url: '/v2/oauth/accept', token: user, payload: { flow: again.flow_id } })).json()).searchParams.get(
      'code',
    )!;
    const tok = await tokenRequest(
      { grant_type: 'authorization_code', code: code2, client_id: client.id, redirect_uri: REDIRECT, code_verifier: verifier },
      client_secret,
    );
    expect(tok.statusCode).toBe(200);
    const { access_token, token_type, expires_in } = tok.json();
    expect(access_token).toMatch(/^mro_/);
    expect(token_type).toBe('Bearer');
    expect(expires_in).toBeGreaterThan(0);
    // the code works once
    expect(
      (
        await tokenRequest(
          { grant_type: 'authorization_code', code: code2, client_id: client.id, redirect_uri: REDIRECT, code_verifier: verifier },
          client_secret,
        )
      ).statusCode,
    ).toBe(400);

    // granted: USER_WRITE works; not granted: PAT_READ, sessions, app management
    expect((await t.req({ method: 'PATCH', url: '/v2/user/ursula', token: access_token, payload: { bio: 'via oauth' } })).statusCode).toBe(204);
    expect((await t.req({ method: 'GET', url: '/v2/pat', token: access_token })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: access_token })).statusCode).toBe(401);
    expect((await t.req({ method: 'DELETE', url: '/v2/user/ursula', token: access_token })).statusCode).toBe(401);

    // list and revoke
    const auths = (await t.req({ method: 'GET', url: '/v2/oauth/authorizations', token: user })).json();
    expect(auths).toHaveLength(1);
    expect(auths[0]).toMatchObject({ app_id: client.id, app_name: 'Launcher' });
    expect((await t.req({ method: 'DELETE', url: `/v2/oauth/authorizations?client_id=${client.id}`, token: user })).statusCode).toBe(204);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/ursula', token: access_token, payload: { bio: 'x' } })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/v2/oauth/authorizations', token: user })).json()).toEqual([]);
  });

  it('refuses scopes beyond the app maximum, unknown redirects, missing PKCE; decline redirects with access_denied', async () => {
    const dev = await t.signUp('dora');
    const { client } = await registerApp(dev, scope('USER_READ'));
    const { challenge } = pkce();
    expect((await authorize(dev, client.id, 'USER_WRITE', challenge)).statusCode).toBe(400);
    expect((await authorize(dev, client.id, 'NOT_A_SCOPE', challenge)).statusCode).toBe(400);
    const q = new URLSearchParams({ client_id: client.id, redirect_uri: 'https://evil.example/cb', scope: 'USER_READ', code_challenge: challenge });
    expect((await t.req({ method: 'GET', url: `/v2/oauth/authorize?${q}`, token: dev })).statusCode).toBe(400);
    const noPkce = new URLSearchParams({ client_id: client.id, redirect_uri: REDIRECT, scope: 'USER_READ' });
    expect((await t.req({ method: 'GET', url: `/v2/oauth/authorize?${noPkce}`, token: dev })).statusCode).toBe(400);
    expect((await authorize(dev, client.id, 'USER_READ', challenge)).statusCode).toBe(200);
    expect((await t.req({ method: 'GET', url: `/v2/oauth/authorize?${noPkce}` })).statusCode).toBe(401);

    const flow = (await authorize(dev, client.id, 'USER_READ', challenge)).json().flow_id;
    const rejected = new URL((await t.req({ method: 'POST', url: '/v2/oauth/reject', token: dev, payload: { flow } })).json());
    expect(rejected.searchParams.get('error')).toBe('access_denied');
    expect(rejected.searchParams.get('code')).toBeNull();
  });

  it('lets only the owner manage an app; restricted scopes refused; deleting it kills its tokens', async () => {
    const dev = await t.signUp('olga');
    const other = await t.signUp('oscar');
    expect(
      (await t.req({ method: 'POST', url: '/v2/oauth/app', token: dev, payload: { name: 'Bad', redirect_uris: [REDIRECT], max_scopes: scope('PAT_CREATE') } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.req({ method: 'POST', url: '/v2/oauth/app', token: dev, payload: { name: 'Bad', redirect_uris: ['http://plain.example/cb'], max_scopes: 2 } }))
        .statusCode,
    ).toBe(400);
    const { client, client_secret } = await registerApp(dev);
    expect((await t.req({ method: 'PATCH', url: `/v2/oauth/app/${client.id}`, token: other, payload: { name: 'Stolen' } })).statusCode).toBe(401);
    expect((await t.req({ method: 'PATCH', url: `/v2/oauth/app/${client.id}`, token: dev, payload: { name: 'Renamed' } })).statusCode).toBe(204);
    const mine = (await t.req({ method: 'GET', url: '/v2/user/olga/oauth_apps', token: dev })).json();
    expect(mine.map((a: { name: string }) => a.name)).toEqual(['Renamed']);

    const { verifier, challenge } = pkce();
    const flow = (await authorize(other, client.id, 'USER_READ', challenge)).json().flow_id;
    const code = new URL((await t.req({ method: 'POST', url: '/v2/oauth/accept', token: other, payload: { flow } })).json()).searchParams.get('code')!;
    const basic = 'Basic ' + Buffer.from(`${client.id}:${client_secret}`).toString('base64');
    const tok = await t.req({
      method: 'POST',
      url: '/v2/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: client.id,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }).toString(),
    });
    expect(tok.statusCode).toBe(200);
    expect((await t.req({ method: 'DELETE', url: `/v2/oauth/app/${client.id}`, token: other })).statusCode).toBe(401);
    expect((await t.req({ method: 'DELETE', url: `/v2/oauth/app/${client.id}`, token: dev })).statusCode).toBe(204);
    expect(await t.deps.credentials.findToken(createHash('sha256').update(tok.json().access_token).digest('hex'))).toBeNull();
    expect((await t.req({ method: 'GET', url: `/v2/oauth/app/${client.id}` })).statusCode).toBe(404);
  });
});
