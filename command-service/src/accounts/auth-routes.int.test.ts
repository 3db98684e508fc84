import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userStream } from '@modshelf/events';
import { makeTestApp, type TestApp } from './test-app';
import { ensureAdmin } from './auth.routes';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('POST /v2/auth/create and /v2/auth/login', () => {
  it('creates the user through a real command, answers a session that works as header and cookie', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'Alice', password: 'correct horse battery', email: 'alice@example.org' },
    });
    expect(r.statusCode).toBe(200);
    const { session } = r.json();
    expect(session).toMatch(/^mra_[0-9A-Za-z]{60}$/);
    const cookie = r.headers['set-cookie'] as string;
    expect(String(cookie)).toMatch(/auth-token=mra_.*HttpOnly.*SameSite=Lax/);
    expect(String(cookie)).not.toMatch(/Secure/);

    const account = await t.deps.credentials.findByUsername('alice');
    const events = await t.deps.store.readStream(userStream(account!.userId));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'SessionCreated']);
    expect(JSON.stringify(events)).not.toContain('alice@example.org');
    expect(JSON.stringify(events)).not.toContain('correct horse');

    // the token works as a header (with or without Bearer) and as the cookie
    for (const headers of [{ authorization: session }, { authorization: `Bearer ${session}` }, { cookie: `auth-token=${session}` }]) {
      const s = await t.req({ method: 'GET', url: '/v2/session/list', headers });
      expect(s.statusCode).toBe(200);
    }
    // a verification mail went to the outbox
    expect(t.mailer.list()[0]).toMatchObject({ to: 'alice@example.org', subject: 'Verify your e-mail address' });
  });

  it('keeps usernames unique case-insensitively, even under concurrent sign-ups', async () => {
    const attempts = await Promise.all(
      ['racer', 'RACER', 'Racer', 'rAcEr'].map((u, i) =>
        t.req({ method: 'POST', url: '/v2/auth/create', payload: { username: u, password: 'correct horse battery', email: `r${i}@example.org` } }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of attempts.filter((r) => r.statusCode !== 200)) expect(r.json()).toEqual({ error: 'invalid_input', description: 'Username is taken!' });
    const registered = (await t.deps.store.readAll()).filter((e) => e.type === 'UserRegistered');
    expect(registered).toHaveLength(1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const bad = [
      { username: 'a', password: 'correct horse battery', email: 'a@example.org' },
      { username: 'bob', password: 'short', email: 'b@example.org' },
      { username: 'bob', password: 'correct horse battery', email: 'not-an-email' },
      { username: 'bobbybob', password: 'BobbyBob', email: 'b@example.org' },
      {},
    ];
    for (const payload of bad) {
      const r = await t.req({ method: 'POST', url: '/v2/auth/create', payload: payload as object });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toHaveProperty('description');
    }
    const malformed = await t.req({ method: 'POST', url: '/v2/auth/create', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(await t.deps.store.headPosition()).toBe(0);
    expect(await t.deps.credentials.findByUsername('bob')).toBeNull();
  });

  it('signs in with username or e-mail and refuses a wrong password with 401', async () => {
    await t.signUp('carol', 'correct horse battery', 'Carol@Example.org');
    for (const username of ['carol', 'CAROL', 'carol@example.org']) {
      const r = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username, password: 'correct horse battery' } });
      expect(r.statusCode).toBe(200);
      expect(r.json().session).toMatch(/^mra_/);
    }
    const wrong = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'carol', password: 'nope nope nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('unauthorized');
    const nobody = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'nobody', password: 'nope nope nope' } });
    expect(nobody.statusCode).toBe(401);
  });

  it('throttles repeated failed sign-ins with 429 and x-ratelimit headers', async () => {
    await t.signUp('dave');
    for (let i = 0; i < 5; i++) {
      const r = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'dave', password: 'wrong password' } });
      expect(r.statusCode).toBe(401);
    }
    const r = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'dave', password: 'correct horse battery' } });
    expect(r.statusCode).toBe(429);
    expect(r.json().error).toBe('ratelimit_error');
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(r.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  });

  it('logs out: the session token stops working and the cookie is cleared', async () => {
    const session = await t.signUp('erin');
    const out = await t.req({ method: 'POST', url: '/v2/auth/logout', token: session });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/auth-token=;.*Max-Age=0/);
    const again = await t.req({ method: 'GET', url: '/v2/session/list', token: session });
    expect(again.statusCode).toBe(401);
    expect((await t.req({ method: 'POST', url: '/v2/auth/logout' })).statusCode).toBe(401);
  });

  it('limits sign-ups per IP', async () => {
    await t.close();
    t = await makeTestApp({ rateLimit: { perMinute: 100_000, signUpsPerHour: 2 } });
    await t.signUp('one');
    await t.signUp('two');
    const r = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'three', password: 'correct horse battery', email: 'three@example.org' },
    });
    expect(r.statusCode).toBe(429);
    expect(r.json().error).toBe('ratelimit_error');
  });

  it('refuses the 31st sign-up of an hour from one address, saying which limit was reached', async () => {
    await t.close();
    t = await makeTestApp({ rateLimit: { perMinute: 100_000 } }); // the default sign-up limit
    for (let i = 0; i < 30; i++) await t.signUp(`many${i}`);
    const r = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'many30', password: 'correct horse battery', email: 'many30@example.org' },
    });
    expect(r.statusCode).toBe(429);
    expect(r.json().error).toBe('ratelimit_error');
    expect(r.json().description).toMatch(/^Too many accounts created from this address \(30 an hour\); try again in \d+ minutes?\.$/);
    expect(r.json().description).not.toMatch(/failed/);
    expect(r.headers['x-ratelimit-limit']).toBe('30');
    // nothing was created for the refused sign-up
    expect(await t.deps.credentials.findByLogin('many30')).toBeNull();
  });

  it('lets trusted callers with the x-ratelimit-key (the seed) past the sign-up limit', async () => {
    await t.close();
    t = await makeTestApp({ rateLimit: { perMinute: 100_000, signUpsPerHour: 1 } }, { bypassKey: 'internal-secret' });
    for (const u of ['seed1', 'seed2', 'seed3']) {
      const r = await t.req({
        method: 'POST',
        url: '/v2/auth/create',
        headers: { 'x-ratelimit-key': 'internal-secret' },
        payload: { username: u, password: 'correct horse battery', email: `${u}@example.org` },
      });
      expect(r.statusCode).toBe(200);
    }
    const wrongKey = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      headers: { 'x-ratelimit-key': 'guess' },
      payload: { username: 'seed4', password: 'correct horse battery', email: 's4@example.org' },
    });
    expect(wrongKey.statusCode).toBe(200); // the first un-bypassed sign-up of this IP
    const over = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'seed5', password: 'correct horse battery', email: 's5@example.org' },
    });
    expect(over.statusCode).toBe(429);
  });

  it('sets Secure on the cookie over https', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: 'sec', password: 'correct horse battery', email: 's@example.org' },
    });
    expect(String(r.headers['set-cookie'])).toMatch(/Secure/);
  });
});

describe('crash recovery at sign-in', () => {
  it('registers a vault account whose user stream is missing, and forgets one whose stream says deleted', async () => {
    const { hashPassword } = await import('./support');
    const passwordHash = await hashPassword('correct horse battery');
    await t.deps.credentials.createAccount({ userId: 'ORPHAN01', username: 'orphan', email: null, emailVerified: false, passwordHash, role: 'developer' });
    const r = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'orphan', password: 'correct horse battery' } });
    expect(r.statusCode).toBe(200);
    expect((await t.deps.store.readStream(userStream('ORPHAN01'))).map((e) => e.type)).toEqual(['UserRegistered', 'SessionCreated']);

    const session = await t.signUp('halfgone');
    const account = await t.deps.credentials.findByUsername('halfgone');
    const { runUser } = await import('./support');
    await runUser(t.deps, account!.userId, { type: 'Delete' }, account!.userId); // crash before the vault rows went
    const again = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'halfgone', password: 'correct horse battery' } });
    expect(again.statusCode).toBe(401);
    expect(await t.deps.credentials.getAccount(account!.userId)).toBeNull();
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: session })).statusCode).toBe(401);
  });
});

describe('ensureAdmin', () => {
  it('creates the admin once, then keeps password and role in line', async () => {
    const id = await ensureAdmin(t.deps, 'root', 'admin password 1');
    expect(await ensureAdmin(t.deps, 'root', 'admin password 1')).toBe(id);
    const events = await t.deps.store.readStream(userStream(id));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events[0].data).toMatchObject({ role: 'admin', username: 'root' });
    await ensureAdmin(t.deps, 'ROOT', 'admin password 2');
    const login = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'root', password: 'admin password 2' } });
    expect(login.statusCode).toBe(200);
    expect((await t.deps.credentials.getAccount(id))?.role).toBe('admin');
  });

  it('promotes an existing account of that name', async () => {
    await t.signUp('boss');
    const id = await ensureAdmin(t.deps, 'boss', 'the admin password');
    const events = await t.deps.store.readStream(userStream(id));
    expect(events.map((e) => e.type)).toContain('UserRoleChanged');
    expect((await t.deps.credentials.getAccount(id))?.role).toBe('admin');
  });
});
