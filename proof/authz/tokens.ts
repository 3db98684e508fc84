import { createHash, randomBytes } from 'node:crypto';
import { ok } from '../harness/api';

const REDIRECT = 'https://client.example/callback';

/** A personal access token of the session's user with exactly these scope bits. */
export async function createPat(url: string, session: string, scopes: number): Promise<string> {
  const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
  return (await ok<{ access_token: string }>(url, 'POST', '/v2/pat', { token: session, json: { name: `proof ${scopes}`, scopes, expires } })).body.access_token;
}

/**
 * An OAuth access token through the whole authorization-code + PKCE flow: `dev` registers an
 * app allowed `scopes`, `user` accepts it, the app exchanges the code (Modrinth's way: the raw
 * secret in Authorization, client_id in the form).
 */
export async function oauthToken(url: string, dev: string, user: string, scopes: number, names: string[]): Promise<string> {
  const app = (
    await ok<{ client: { id: string }; client_secret: string }>(url, 'POST', '/v2/oauth/app', {
      token: dev,
      json: { name: `proof ${scopes}`, redirect_uris: [REDIRECT], max_scopes: scopes, url: 'https://client.example' },
    })
  ).body;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const q = new URLSearchParams({
    client_id: app.client.id,
    redirect_uri: REDIRECT,
    scope: names.join(' '),
    state: 's',
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const flow = (await ok<{ flow_id: string }>(url, 'GET', `/v2/oauth/authorize?${q}`, { token: user })).body;
  const accepted = (await ok<string>(url, 'POST', '/v2/oauth/accept', { token: user, json: { flow: flow.flow_id } })).body;
  const code = new URL(accepted).searchParams.get('code')!;
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: app.client.id, redirect_uri: REDIRECT, code_verifier: verifier });
  const token = await ok<{ access_token: string }>(url, 'POST', '/v2/oauth/token', {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: app.client_secret },
  });
  return token.body.access_token;
}
