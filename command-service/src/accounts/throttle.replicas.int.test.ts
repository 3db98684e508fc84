import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountsApp, type AccountsApp } from './test-app';
import { AttemptThrottle } from './throttle';
import { ThrottleTable } from './throttle-table';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'throttle-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('AttemptThrottle on a shared table', () => {
  it('counts attempts made through two connections to one file, and starts again after the window', () => {
    let now = 1_000_000;
    const t1 = new ThrottleTable(join(dir, 'credentials.db'));
    const t2 = new ThrottleTable(join(dir, 'credentials.db'));
    const a = new AttemptThrottle(3, 60_000, { table: t1, scope: 'signin', clock: () => now });
    const b = new AttemptThrottle(3, 60_000, { table: t2, scope: 'signin', clock: () => now });
    const other = new AttemptThrottle(3, 60_000, { table: t2, scope: 'signup', clock: () => now });
    a.fail('login:dave');
    b.fail('login:dave');
    a.check('login:dave');
    b.fail('login:dave');
    expect(() => a.check('login:dave')).toThrow(/Too many failed attempts/);
    expect(() => b.check('ip:1.2.3.4', 'login:dave')).toThrow(/Please wait 60000 milliseconds/);
    other.check('login:dave'); // another throttle's keys are its own
    now += 60_000;
    a.check('login:dave');
    b.fail('login:dave');
    a.check('login:dave');
    b.fail('login:dave');
    b.fail('login:dave');
    expect(() => a.check('login:dave')).toThrow();
    a.reset('login:dave');
    b.check('login:dave');
    t1.close();
    t2.close();
  });
});

describe('the sign-in throttle across replicas and restarts', () => {
  type Replica = AccountsApp;
  const replica = (signUpsPerHour = 30) =>
    accountsApp(dir, {
      rateLimit: { perMinute: 100_000, signInAttempts: 4, signInWindowMs: 60_000, signUpsPerHour },
    });
  const stop = (r: Replica) => r.stop();
  const login = (r: Replica, password: string) => r.app.inject({ method: 'POST', url: '/v2/auth/login', payload: { username: 'frank', password } });

  it('counts failures made on either replica, and remembers them after both restart', async () => {
    let a = await replica();
    let b = await replica();
    const created = await a.app.inject({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'frank', password: 'correct horse battery', email: 'frank@example.org' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await login(a, 'wrong password')).statusCode).toBe(401);
    expect((await login(b, 'wrong password')).statusCode).toBe(401);
    expect((await login(a, 'wrong password')).statusCode).toBe(401);
    await stop(a);
    await stop(b);
    a = await replica();
    b = await replica();
    expect((await login(b, 'wrong password')).statusCode).toBe(401);
    // four failures in all: both replicas refuse, even the right password
    const refused = await login(a, 'correct horse battery');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'ratelimit_error' });
    expect(refused.headers['x-ratelimit-limit']).toBe('4');
    expect((await login(b, 'correct horse battery')).statusCode).toBe(429);
    await stop(a);
    await stop(b);
  });

  it('counts sign-ups per IP over both replicas and across a restart', async () => {
    const signUp = (r: Replica, name: string) =>
      r.app.inject({ method: 'POST', url: '/v2/auth/create', payload: { username: name, password: 'correct horse battery', email: `${name}@example.org` } });
    let a = await replica(3);
    const b = await replica(3);
    expect((await signUp(a, 'first')).statusCode).toBe(200);
    expect((await signUp(b, 'second')).statusCode).toBe(200);
    await stop(a);
    a = await replica(3);
    expect((await signUp(a, 'third')).statusCode).toBe(200);
    const refused = await signUp(b, 'fourth');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'ratelimit_error' });
    await stop(a);
    await stop(b);
  });
});
