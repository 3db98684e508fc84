import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { hashToken, scope } from '@modshelf/service-kit';
import { makeTestApp, type TestApp } from './test-app';

/**
 * The authorization-code + PKCE flow driven by a standards-first OAuth client (oauth4webapi),
 * over real HTTP, in each client authentication method the token endpoint accepts.
 */
let t: TestApp;
let base: string;
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let secret: string;
let user: string;

const REDIRECT = 'https://client.example/callback';
const insecure = { [oauth.allowInsecureRequests]: true }; // the test server speaks plain http on 127.0.0.1

/** Modrinth's own way: the raw secret in Authorization, client_id in the form. */
const RawSecret =
  (clientSecret: string): oauth.ClientAuth =>
  (_as, c, body, headers) => {
    body.set('client_id', c.client_id);
    headers.set('authorization', clientSecret);
  };

beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  as = { issuer: base, authorization_endpoint: `${base}/v2/oauth/authorize`, token_endpoint: `${base}/v2/oauth/token` };
  const dev = await t.signUp('oauth_dev');
  const r = await t.req({
    method: 'POST',
    url: '/v2/oauth/app',
    token: dev,
    payload: { name: 'Standard client', redirect_uris: [REDIRECT], max_scopes: scope('USER_READ') + scope('PROJECT_READ'), url: 'https://client.example' },
  });
  expect(r.statusCode).toBe(200);
  secret = r.json().client_secret;
  client = { client_id: r.json().client.id };
  user = await t.signUp('oauth_user');
});
afterAll(async () => {
  await t?.close();
});

/** The user's side: the consent page asks GET /v2/oauth/authorize, the user accepts, the browser is sent to the redirect. */
async function authorize(verifier: string, state: string): Promise<URL> {
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'USER_READ',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const consent = await fetch(url, { headers: { authorization: user } });
  expect(consent.status).toBe(200);
  const accepted = await fetch(`${base}/v2/oauth/accept`, {
    method: 'POST',
    headers: { authorization: user, 'content-type': 'application/json' },
    body: JSON.stringify({ flow: (await consent.json()).flow_id }),
  });
  expect(accepted.status).toBe(200);
  return new URL(await accepted.json());
}

async function codeFor(): Promise<{ params: URLSearchParams; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const params = oauth.validateAuthResponse(as, client, await authorize(verifier, state), state);
  return { params, verifier };
}

describe('OAuth code + PKCE with a standard client library (oauth4webapi)', () => {
  for (const [method, auth] of [
    ['client_secret_basic', () => oauth.ClientSecretBasic(secret)],
    ['client_secret_post', () => oauth.ClientSecretPost(secret)],
    ["Modrinth's raw secret in Authorization", () => RawSecret(secret)],
  ] as const) {
    it(`gets a working token with ${method}`, async () => {
      const { params, verifier } = await codeFor();
      const response = await oauth.authorizationCodeGrantRequest(as, client, auth(), params, REDIRECT, verifier, insecure);
      const token = await oauth.processAuthorizationCodeResponse(as, client, response);
      expect(token.token_type.toLowerCase()).toBe('bearer');
      expect(token.access_token).toMatch(/^mro_/);
      expect(token.scope).toBe('USER_READ');
      // the vault holds it for the user who consented, with the granted scope only
      const stored = await t.deps.credentials.findToken(hashToken(token.access_token));
      expect(stored?.token).toMatchObject({ kind: 'oauth', userId: (await t.deps.credentials.findByLogin('oauth_user'))!.userId, scopes: scope('USER_READ') });
      // the code is single-use: the library reads the standard error and its error_description
      const again = await oauth.authorizationCodeGrantRequest(as, client, auth(), params, REDIRECT, verifier, insecure);
      const err = await oauth.processAuthorizationCodeResponse(as, client, again).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(oauth.ResponseBodyError);
      expect((err as oauth.ResponseBodyError).error).toBe('invalid_grant');
      expect((err as oauth.ResponseBodyError).error_description).toBe('The authorization code is invalid or has expired');
    });
  }

  it('with HTTP Basic, takes client_id from the header (none in the form) and answers a wrong secret 401 invalid_client with a challenge', async () => {
    const { params, verifier } = await codeFor();
    const form = new URLSearchParams({ grant_type: 'authorization_code', code: params.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier });
    const basic = (id: string, s: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(s)}`).toString('base64')}`;
    const post = (authorization: string, body = form) =>
      fetch(as.token_endpoint!, { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body });

    const wrong = await post(basic(client.client_id, 'not-the-secret'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(await wrong.json()).toEqual({
      error: 'invalid_client',
      description: 'Client authentication failed',
      error_description: 'Client authentication failed',
    });

    const otherId = new URLSearchParams(form);
    otherId.set('client_id', 'AAAAAAAA');
    const mismatch = await post(basic(client.client_id, secret), otherId);
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error).toBe('invalid_request');

    const ok = await post(basic(client.client_id, secret));
    expect(ok.status).toBe(200);
    expect((await ok.json()).access_token).toMatch(/^mro_/);
  });

  it('answers a request without any client identity 400 invalid_request with error_description', async () => {
    const res = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', code_verifier: oauth.generateRandomCodeVerifier() }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('invalid_request');
    expect(body.description).toMatch(/client_id/);
    expect(body.error_description).toBe(body.description);
  });
});
