import { describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteCredentialStore } from '@modshelf/events';
import { ALL_SCOPES, scope } from './scopes';
import { hashToken, installAuth, parseCookies, requireScope, safeEqual, selfUserFields, tokenKindOf } from './auth';
import { installErrorHandling } from './error-handler';

async function setup() {
  const credentials = new SqliteCredentialStore({ path: ':memory:' });
  await credentials.createAccount({ userId: 'AAAAAAAA', username: 'alice', email: 'a@example.org', emailVerified: true, passwordHash: 'x', role: 'developer' });
  const now = new Date().toISOString();
  const put = (token: string, kind: 'session' | 'pat' | 'oauth', scopes: number, expires: string | null = null) =>
    credentials.putToken({ hash: hashToken(token), kind, refId: token.slice(0, 12), userId: 'AAAAAAAA', scopes, expires, created: now, lastUsed: null });
  await put('mra_session', 'session', 0);
  await put('mrp_pat', 'pat', scope('PROJECT_READ'));
  await put('mro_oauth', 'oauth', scope('USER_READ'));
  await put('mrp_old', 'pat', scope('PROJECT_READ'), '2000-01-01T00:00:00.000Z');
  await put('mrp_wrongkind', 'oauth', ALL_SCOPES);
  const app = Fastify();
  installErrorHandling(app);
  installAuth(app, { credentials });
  app.get('/who', async (req) => ({ actor: req.actor, problem: req.authProblem }));
  app.post('/write', async (req) => {
    requireScope(req, 'PROJECT_READ');
    return { ok: true };
  });
  await app.ready();
  return { app, credentials };
}

describe('installAuth', () => {
  it('resolves sessions (all scopes), PATs (their scopes) and OAuth tokens (granted scopes)', async () => {
    const { app } = await setup();
    const who = async (authorization: string) => (await app.inject({ url: '/who', headers: { authorization } })).json();
    expect((await who('mra_session')).actor).toMatchObject({ userId: 'AAAAAAAA', username: 'alice', kind: 'session', scopes: ALL_SCOPES });
    expect((await who('Bearer mrp_pat')).actor).toMatchObject({ kind: 'pat', scopes: scope('PROJECT_READ') });
    expect((await who('mro_oauth')).actor).toMatchObject({ kind: 'oauth', scopes: scope('USER_READ') });
    expect(await who('mrp_old')).toEqual({ actor: null, problem: 'expired' });
    expect(await who('mrp_unknown')).toEqual({ actor: null, problem: 'invalid' });
    expect(await who('mrp_wrongkind')).toEqual({ actor: null, problem: 'invalid' });
    expect(await who('ghp_legacy')).toEqual({ actor: null, problem: 'invalid' });
    expect((await app.inject({ url: '/who' })).json()).toEqual({ actor: null, problem: null });
  });

  it('answers 401 unauthorized for a missing actor or scope', async () => {
    const { app } = await setup();
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(401);
    const r = await app.inject({ method: 'POST', url: '/write', headers: { authorization: 'mro_oauth' } });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ error: 'unauthorized', description: 'Authentication Error: the token is missing the PROJECT_READ scope' });
    expect((await app.inject({ method: 'POST', url: '/write', headers: { authorization: 'mrp_pat' } })).statusCode).toBe(200);
  });

  it('tracks last use', async () => {
    const { app, credentials } = await setup();
    await app.inject({ url: '/who', headers: { authorization: 'mrp_pat' } });
    expect((await credentials.findToken(hashToken('mrp_pat')))?.token.lastUsed).not.toBeNull();
  });

  it('gives the private self fields, e-mail only with USER_READ_EMAIL', async () => {
    const { credentials } = await setup();
    const base = { userId: 'AAAAAAAA', username: 'alice', role: 'developer' as const, kind: 'pat' as const, tokenRefId: 'x' };
    expect(await selfUserFields(credentials, { ...base, scopes: scope('USER_READ') })).toEqual({
      email: null,
      email_verified: true,
      has_password: true,
      has_totp: false,
    });
    expect((await selfUserFields(credentials, { ...base, scopes: scope('USER_READ_EMAIL') }))?.email).toBe('a@example.org');
  });

  it('keeps a token lookup until the vault changes: a sign-out, a revocation or a role change here or in another process is seen on the next request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-cache-'));
    // two connections to one vault file: this replica's and another replica's
    const here = new SqliteCredentialStore({ path: join(dir, 'credentials.db') });
    const there = new SqliteCredentialStore({ path: join(dir, 'credentials.db') });
    try {
      await here.createAccount({ userId: 'AAAAAAAA', username: 'alice', email: null, emailVerified: false, passwordHash: 'x', role: 'developer' });
      const now = new Date().toISOString();
      for (const token of ['mra_one', 'mra_two', 'mra_three'])
        await here.putToken({
          hash: hashToken(token),
          kind: 'session',
          refId: token,
          userId: 'AAAAAAAA',
          scopes: 0,
          expires: null,
          created: now,
          lastUsed: now,
        });
      const app = Fastify();
      installAuth(app, { credentials: here });
      app.get('/who', async (req) => ({ user: req.actor?.userId ?? null, role: req.actor?.role ?? null }));
      await app.ready();
      const who = async (token: string) => (await app.inject({ url: '/who', headers: { authorization: token } })).json();
      const reads = vi.spyOn(here, 'findToken');

      expect(await who('mra_one')).toEqual({ user: 'AAAAAAAA', role: 'developer' });
      expect(await who('mra_one')).toEqual({ user: 'AAAAAAAA', role: 'developer' });
      expect(reads).toHaveBeenCalledTimes(1); // the second request was answered from the cache

      await here.deleteToken(hashToken('mra_one')); // signed out on this replica
      expect(await who('mra_one')).toEqual({ user: null, role: null });

      expect(await who('mra_two')).toEqual({ user: 'AAAAAAAA', role: 'developer' });
      await there.deleteTokensByRef('mra_two'); // revoked on another replica
      expect(await who('mra_two')).toEqual({ user: null, role: null });

      expect(await who('mra_three')).toEqual({ user: 'AAAAAAAA', role: 'developer' });
      await there.setRole('AAAAAAAA', 'moderator');
      expect(await who('mra_three')).toEqual({ user: 'AAAAAAAA', role: 'moderator' });
      await app.close();
    } finally {
      await here.close();
      await there.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('helpers', () => {
    expect(tokenKindOf('mra_x')).toBe('session');
    expect(tokenKindOf('nope')).toBeNull();
    expect(parseCookies('a=1; auth-token=mra_%41; b="q"')).toEqual({ a: '1', 'auth-token': 'mra_A', b: 'q' });
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
