import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { userStream } from '@modshelf/events';
import { ALL_SCOPES, RESTRICTED_MASK, scope } from '@modshelf/service-kit';
import { makeTestApp, type TestApp } from './test-app';
import { totpCode } from './two-factor';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const flowFrom = (text: string) => /flow=([0-9A-Za-z]+)/.exec(text)![1];
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const inAWeek = () => new Date(Date.now() + 7 * 864e5).toISOString();

describe('e-mail verification and password reset', () => {
  it('verifies from the mailed link: verified, then already verified, bad link fails', async () => {
    const session = await t.signUp('vera');
    const flow = flowFrom(t.mailer.list()[0].text);
    const ok = await t.req({ method: 'POST', url: '/v2/auth/email/verify', payload: { flow } });
    expect(ok.json()).toEqual({ status: 'verified' });
    expect((await t.deps.credentials.findByUsername('vera'))?.emailVerified).toBe(true);
    expect((await t.req({ method: 'POST', url: '/v2/auth/email/verify', payload: { flow } })).json()).toEqual({ status: 'already_verified' });
    const bad = await t.req({ method: 'POST', url: '/v2/auth/email/verify', payload: { flow: 'nope' } });
    expect(bad.statusCode).toBe(400);
    const resend = await t.req({ method: 'POST', url: '/v2/auth/email/resend_verify', token: session });
    expect(resend.statusCode).toBe(400); // already verified
  });

  it('resets a forgotten password through the mailed link, once, and signs out everywhere', async () => {
    const session = await t.signUp('rita');
    const begin = await t.req({ method: 'POST', url: '/v2/auth/password/reset', payload: { username: 'rita@example.org' } });
    expect(begin.statusCode).toBe(204);
    expect((await t.req({ method: 'POST', url: '/v2/auth/password/reset', payload: { username: 'ghost' } })).statusCode).toBe(204);
    const mail = t.mailer.list().find((m) => m.subject === 'Reset your password')!;
    const flow = flowFrom(mail.text);
    const change = await t.req({ method: 'PATCH', url: '/v2/auth/password', payload: { flow, new_password: 'a brand new password' } });
    expect(change.statusCode).toBe(204);
    expect((await t.req({ method: 'PATCH', url: '/v2/auth/password', payload: { flow, new_password: 'another new password' } })).statusCode).toBe(400);
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: session })).statusCode).toBe(401);
    const login = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'rita', password: 'a brand new password' } });
    expect(login.statusCode).toBe(200);
  });

  it('changes password (old one required) and e-mail (re-verification mailed)', async () => {
    const session = await t.signUp('paul');
    const wrong = await t.req({
      method: 'PATCH',
      url: '/v2/auth/password',
      token: session,
      payload: { old_password: 'wrong one!', new_password: 'something else 1' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.req({
      method: 'PATCH',
      url: '/v2/auth/password',
      token: session,
      payload: { old_password: 'correct horse battery', new_password: 'something else 1' },
    });
    expect(ok.statusCode).toBe(204);
    await t.signUp('other', 'correct horse battery', 'taken@example.org');
    const taken = await t.req({ method: 'PATCH', url: '/v2/auth/email', token: session, payload: { email: 'TAKEN@example.org' } });
    expect(taken.statusCode).toBe(400);
    const email = await t.req({ method: 'PATCH', url: '/v2/auth/email', token: session, payload: { email: 'new@example.org' } });
    expect(email.statusCode).toBe(204);
    const acc = await t.deps.credentials.findByUsername('paul');
    expect(acc).toMatchObject({ email: 'new@example.org', emailVerified: false });
    expect(t.mailer.list().some((m) => m.to === 'new@example.org' && m.subject === 'Verify your e-mail address')).toBe(true);
    expect(t.mailer.list().some((m) => m.to === 'paul@example.org' && m.subject === 'Your e-mail address was changed')).toBe(true);
  });

  it('keeps the subscribe-to-updates choice from sign-up, changeable later', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'news', password: 'correct horse battery', email: 'news@example.org', sign_up_newsletter: true },
    });
    const session = r.json().session;
    expect((await t.req({ method: 'GET', url: '/v2/auth/email/subscribe', token: session })).json()).toEqual({ subscribed: true });
    await t.req({ method: 'POST', url: '/v2/auth/email/subscribe', token: session, payload: { subscribed: false } });
    expect((await t.req({ method: 'GET', url: '/v2/auth/email/subscribe', token: session })).json()).toEqual({ subscribed: false });
  });

  it('shows the outbox on the dev mailbox page', async () => {
    await t.signUp('mia');
    const list = await t.req({ method: 'GET', url: '/_dev/mailbox' });
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.body).toContain('Verify your e-mail address');
    const id = t.mailer.list()[0].id;
    const one = await t.req({ method: 'GET', url: `/_dev/mailbox/${id}` });
    expect(one.body).toContain('http://localhost:8080/auth/verify-email?flow=');
    // the links in there take over accounts: not for other machines, nor through a proxy, but for admins
    expect((await t.req({ method: 'GET', url: '/_dev/mailbox', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: `/_dev/mailbox/${id}`, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: '/_dev/mailbox.json', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    const { ensureAdmin } = await import('./auth.routes');
    await ensureAdmin(t.deps, 'mailadmin', 'admin password 1');
    const admin = (await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'mailadmin', password: 'admin password 1' } })).json().session;
    expect((await t.req({ method: 'GET', url: '/_dev/mailbox', remoteAddress: '203.0.113.9', token: admin })).statusCode).toBe(200);
  });
});

describe('two-factor auth', () => {
  it('turns on with a code, then sign-in needs a flow and a code; recovery codes work once', async () => {
    const session = await t.signUp('tess');
    const secret = await t.req({ method: 'POST', url: '/v2/auth/2fa/get_secret', token: session });
    const { secret: s, flow } = secret.json();
    expect(s).toMatch(/^[A-Z2-7]+$/);
    expect((await t.req({ method: 'POST', url: '/v2/auth/2fa', token: session, payload: { flow, code: '000000' } })).statusCode).toBe(400);
    const on = await t.req({ method: 'POST', url: '/v2/auth/2fa', token: session, payload: { flow, code: totpCode(s) } });
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().backup_codes;
    expect(codes).toHaveLength(6);
    // a second setup flow cannot replace the secret once 2FA is on
    expect((await t.req({ method: 'POST', url: '/v2/auth/2fa/get_secret', token: session })).statusCode).toBe(400);

    const login = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'tess', password: 'correct horse battery' } });
    expect(Object.keys(login.json())).toEqual(['flow']);
    const loginFlow = login.json().flow;
    expect((await t.req({ method: 'POST', url: '/v2/auth/login/2fa', payload: { flow: loginFlow, code: '123456' } })).statusCode).toBe(401);
    // the code used to turn 2FA on was spent; the next one (one step of drift is allowed) signs in
    const loginCode = totpCode(s, 1);
    const second = await t.req({ method: 'POST', url: '/v2/auth/login/2fa', payload: { flow: loginFlow, code: loginCode } });
    expect(second.json().session).toMatch(/^mra_/);
    // the flow is spent
    expect((await t.req({ method: 'POST', url: '/v2/auth/login/2fa', payload: { flow: loginFlow, code: totpCode(s) } })).statusCode).toBe(401);

    // a recovery code works once
    const f2 = (await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'tess', password: 'correct horse battery' } })).json().flow;
    expect((await t.req({ method: 'POST', url: '/v2/auth/login/2fa', payload: { flow: f2, code: codes[0] } })).statusCode).toBe(200);
    const f3 = (await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'tess', password: 'correct horse battery' } })).json().flow;
    expect((await t.req({ method: 'POST', url: '/v2/auth/login/2fa', payload: { flow: f3, code: codes[0] } })).statusCode).toBe(401);

    // a TOTP code already used cannot be replayed
    const f4 = (await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'tess', password: 'correct horse battery' } })).json().flow;
    expect((await t.req({ method: 'POST', url: '/v2/auth/login/2fa', payload: { flow: f4, code: loginCode } })).statusCode).toBe(401);
    const off = await t.req({ method: 'DELETE', url: '/v2/auth/2fa', token: session, payload: { code: codes[1] } });
    expect(off.statusCode).toBe(204);
    const plain = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'tess', password: 'correct horse battery' } });
    expect(plain.json().session).toMatch(/^mra_/);
    const account = await t.deps.credentials.findByUsername('tess');
    const types = (await t.deps.store.readStream(userStream(account!.userId))).map((e) => e.type);
    expect(types).toContain('TwoFactorEnabled');
    expect(types).toContain('TwoFactorDisabled');
    expect(JSON.stringify(await t.deps.store.readAll())).not.toContain(s);
  });
});

describe('personal access tokens', () => {
  it('creates (token shown once), lists with last use, edits, refuses restricted scopes, deletes for good', async () => {
    const session = await t.signUp('pat');
    const bad = [
      { scopes: scope('PROJECT_READ'), expires: inAWeek() }, // no name
      { name: 'x', scopes: scope('PROJECT_READ') }, // no expiry
      { name: 'x', scopes: scope('PAT_CREATE'), expires: inAWeek() },
      { name: 'x', scopes: scope('PROJECT_READ') + scope('SESSION_ACCESS'), expires: inAWeek() },
      { name: 'x', scopes: 2 ** 50, expires: inAWeek() },
      { name: 'x', scopes: scope('PROJECT_READ'), expires: '2000-01-01T00:00:00Z' },
    ];
    for (const payload of bad) {
      const r = await t.req({ method: 'POST', url: '/v2/pat', token: session, payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const created = await t.req({
      method: 'POST',
      url: '/v2/pat',
      token: session,
      payload: { name: 'ci', scopes: scope('USER_READ') + scope('PROJECT_READ'), expires: inAWeek() },
    });
    expect(created.statusCode).toBe(200);
    const pat = created.json();
    expect(pat.access_token).toMatch(/^mrp_/);
    expect(pat).toMatchObject({ name: 'ci', last_used: null, scopes: scope('USER_READ') + scope('PROJECT_READ') });

    // the PAT itself cannot manage PATs or sessions (restricted scopes)
    expect((await t.req({ method: 'GET', url: '/v2/pat', token: pat.access_token })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: pat.access_token })).statusCode).toBe(401);
    // but it authenticates (last use is tracked)
    expect((await t.req({ method: 'PATCH', url: '/v2/user/pat', token: pat.access_token, payload: { bio: 'x' } })).statusCode).toBe(401); // no USER_WRITE

    const list = (await t.req({ method: 'GET', url: '/v2/pat', token: session })).json();
    expect(list).toHaveLength(1);
    expect(list[0].access_token).toBeNull();
    expect(list[0].last_used).not.toBeNull();

    const edit = await t.req({ method: 'PATCH', url: `/v2/pat/${pat.id}`, token: session, payload: { name: 'renamed', scopes: scope('USER_WRITE') } });
    expect(edit.statusCode).toBe(204);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/pat', token: pat.access_token, payload: { bio: 'via PAT' } })).statusCode).toBe(204);
    expect((await t.req({ method: 'PATCH', url: `/v2/pat/${pat.id}`, token: session, payload: { scopes: RESTRICTED_MASK } })).statusCode).toBe(400);

    expect((await t.req({ method: 'DELETE', url: `/v2/pat/${pat.id}`, token: session })).statusCode).toBe(204);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/pat', token: pat.access_token, payload: { bio: 'y' } })).statusCode).toBe(401);
    expect((await t.req({ method: 'DELETE', url: `/v2/pat/${pat.id}`, token: session })).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: '/v2/pat', token: session })).json()).toEqual([]);
  });

  it('rejects an expired PAT', async () => {
    let now = new Date();
    await t.close();
    t = await makeTestApp({ now: () => now });
    const session = await t.signUp('exp');
    const pat = (
      await t.req({
        method: 'POST',
        url: '/v2/pat',
        token: session,
        payload: { name: 'short', scopes: scope('USER_WRITE'), expires: new Date(Date.now() + 60_000).toISOString() },
      })
    ).json();
    expect((await t.req({ method: 'PATCH', url: '/v2/user/exp', token: pat.access_token, payload: { bio: 'a' } })).statusCode).toBe(204);
    await t.deps.credentials.updateTokens(pat.id, { expires: new Date(Date.now() - 1000).toISOString() });
    const r = await t.req({ method: 'PATCH', url: '/v2/user/exp', token: pat.access_token, payload: { bio: 'b' } });
    expect(r.statusCode).toBe(401);
    expect(r.json().description).toMatch(/expired/);
    now = new Date();
  });
});

describe('sessions', () => {
  it('lists sessions with OS, platform and the current marker; deletes and refreshes', async () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const first = (
      await t.req({
        method: 'POST',
        url: '/v2/auth/create',
        headers: { 'user-agent': ua },
        payload: { username: 'sam', password: 'correct horse battery', email: 'sam@example.org' },
      })
    ).json().session;
    const second = (
      await t.req({
        method: 'POST',
        url: '/v2/auth/login',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
        payload: { username: 'sam', password: 'correct horse battery' },
      })
    ).json().session;
    const list = (await t.req({ method: 'GET', url: '/v2/session/list', token: first })).json();
    expect(list).toHaveLength(2);
    const mine = list.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ os: 'Windows', platform: 'Chrome' });
    const other = list.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ os: 'Linux', platform: 'Firefox' });
    expect(other).toHaveProperty('created');
    expect(other).toHaveProperty('last_login');

    expect((await t.req({ method: 'DELETE', url: `/v2/session/${other.id}`, token: first })).statusCode).toBe(204);
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: second })).statusCode).toBe(401);

    // someone else's session is not found
    const eve = await t.signUp('eve');
    expect((await t.req({ method: 'DELETE', url: `/v2/session/${mine.id}`, token: eve })).statusCode).toBe(404);

    const refreshed = await t.req({ method: 'POST', url: '/v2/session/refresh', token: first });
    const fresh = refreshed.json().session;
    expect(fresh).toMatch(/^mra_/);
    expect(fresh).not.toBe(first);
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: first })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: fresh })).statusCode).toBe(200);
  });
});

describe('CSRF on cookie-authenticated writes', () => {
  it('refuses a cross-site cookie write, allows same-origin or X-Requested-With; headers are not affected', async () => {
    const session = await t.signUp('csrf');
    const cookie = `auth-token=${session}`;
    const cross = await t.req({
      method: 'PATCH',
      url: '/v2/user/csrf',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost:8080' },
      payload: { bio: 'pwned' },
    });
    expect(cross.statusCode).toBe(403);
    const none = await t.req({ method: 'PATCH', url: '/v2/user/csrf', headers: { cookie, host: 'localhost:8080' }, payload: { bio: 'no origin' } });
    expect(none.statusCode).toBe(403);
    const same = await t.req({
      method: 'PATCH',
      url: '/v2/user/csrf',
      headers: { cookie, origin: 'http://localhost:8080', host: 'localhost:8080' },
      payload: { bio: 'same origin' },
    });
    expect(same.statusCode).toBe(204);
    const xrw = await t.req({ method: 'PATCH', url: '/v2/user/csrf', headers: { cookie, 'x-requested-with': 'fetch' }, payload: { bio: 'header' } });
    expect(xrw.statusCode).toBe(204);
    const header = await t.req({
      method: 'PATCH',
      url: '/v2/user/csrf',
      headers: { authorization: session, origin: 'https://evil.example' },
      payload: { bio: 'token' },
    });
    expect(header.statusCode).toBe(204);
    // reads with the cookie work from anywhere
    expect((await t.req({ method: 'GET', url: '/v2/session/list', headers: { cookie, origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('renames (unique case-insensitively), edits the bio, and only for oneself', async () => {
    const a = await t.signUp('anna');
    const b = await t.signUp('bert');
    expect((await t.req({ method: 'PATCH', url: '/v2/user/anna', token: a, payload: { username: 'BERT' } })).statusCode).toBe(400);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/anna', token: a, payload: { username: 'Anna_2', bio: 'hello' } })).statusCode).toBe(204);
    expect((await t.deps.credentials.findByUsername('anna_2'))?.username).toBe('Anna_2');
    expect((await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'anna_2', password: 'correct horse battery' } })).statusCode).toBe(200);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/Anna_2', token: b, payload: { bio: 'hacked' } })).statusCode).toBe(401);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/anna_2', token: a, payload: { role: 'admin' } })).statusCode).toBe(401);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/anna_2', token: a, payload: { bio: 'x'.repeat(161) } })).statusCode).toBe(400);
    expect((await t.req({ method: 'PATCH', url: '/v2/user/nobody', token: a, payload: { bio: 'x' } })).statusCode).toBe(404);
  });

  it('badges: only an admin grants them, and only the grantable bits', async () => {
    const a = await t.signUp('badgee');
    const { ensureAdmin } = await import('./auth.routes');
    const adminId = await ensureAdmin(t.deps, 'badgeadmin', 'admin password 1');
    const admin = (await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'badgeadmin', password: 'admin password 1' } })).json()
      .session as string;
    expect(adminId).toBeTruthy();
    expect((await t.req({ method: 'PATCH', url: '/v2/user/badgee', token: a, payload: { badges: 32 } })).statusCode).toBe(401);
    const bad = await t.req({ method: 'PATCH', url: '/v2/user/badgee', token: admin, payload: { badges: 256 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
    expect((await t.req({ method: 'PATCH', url: '/v2/user/badgee', token: admin, payload: { badges: 32 | 64 } })).statusCode).toBe(204);
    const userId = (await t.deps.credentials.findByUsername('badgee'))!.userId;
    const granted = (await t.deps.store.readStream(userStream(userId))).filter((e) => e.type === 'UserBadgesChanged');
    expect(granted.map((e) => e.data)).toEqual([{ badges: 96 }]);
  });

  it('never gives one username to two concurrent renames', async () => {
    const sessions = await Promise.all(['ren1', 'ren2', 'ren3'].map((u) => t.signUp(u)));
    const results = await Promise.all(
      sessions.map((s, i) => t.req({ method: 'PATCH', url: `/v2/user/ren${i + 1}`, token: s, payload: { username: 'Winner' } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400, 400]);
    const renamed = (await t.deps.store.readAll()).filter((e) => e.type === 'UserProfileEdited');
    expect(renamed).toHaveLength(1);
  });

  it('uploads, serves, replaces and resets the avatar', async () => {
    const a = await t.signUp('ava');
    const notImage = await t.req({
      method: 'PATCH',
      url: '/v2/user/ava/icon?ext=png',
      token: a,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('not a png at all'),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toBe('invalid_image');
    const big = await t.req({
      method: 'PATCH',
      url: '/v2/user/ava/icon?ext=png',
      token: a,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    const up = await t.req({ method: 'PATCH', url: '/v2/user/ava/icon?ext=png', token: a, headers: { 'content-type': 'image/png' }, payload: PNG });
    expect(up.statusCode).toBe(204);
    const account = await t.deps.credentials.findByUsername('ava');
    const events = await t.deps.store.readStream(userStream(account!.userId));
    const url: string = (events.at(-1)!.data as { changes: { avatar_url: string } }).changes.avatar_url;
    expect(url).toMatch(/^http:\/\/localhost:8080\/_avatars\//);
    const served = await t.req({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.req({ method: 'DELETE', url: '/v2/user/ava/icon', token: a })).statusCode).toBe(204);
    expect((await t.req({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
  });

  it('deleting an account forgets its personal data', async () => {
    const a = await t.signUp('gone', 'correct horse battery', 'gone@example.org');
    await t.req({ method: 'PATCH', url: '/v2/user/gone/icon?ext=png', token: a, headers: { 'content-type': 'image/png' }, payload: PNG });
    const pat = (await t.req({ method: 'POST', url: '/v2/pat', token: a, payload: { name: 'p', scopes: scope('USER_READ'), expires: inAWeek() } })).json();
    const account = await t.deps.credentials.findByUsername('gone');
    // a PAT cannot delete the account (USER_DELETE is restricted)
    expect((await t.req({ method: 'DELETE', url: '/v2/user/gone', token: pat.access_token })).statusCode).toBe(401);
    expect((await t.req({ method: 'DELETE', url: '/v2/user/gone', token: a })).statusCode).toBe(204);
    expect(await t.deps.credentials.getAccount(account!.userId)).toBeNull();
    expect(await t.deps.credentials.listTokens(account!.userId)).toEqual([]);
    expect(readdirSync(join(t.dir, 'avatars')).filter((f) => f.startsWith(account!.userId))).toEqual([]);
    expect((await t.req({ method: 'GET', url: '/v2/session/list', token: a })).statusCode).toBe(401);
    expect((await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'gone', password: 'correct horse battery' } })).statusCode).toBe(401);
    const log = JSON.stringify(await t.deps.store.readAll());
    expect(log).not.toContain('gone@example.org');
    expect((await t.deps.store.readStream(userStream(account!.userId))).at(-1)!.type).toBe('UserDeleted');
    // the username is free again
    await t.signUp('gone');
    expect(existsSync(t.dir)).toBe(true);
  });
});

describe('rate limiting', () => {
  it('puts x-ratelimit headers on every response and answers 429 ratelimit_error over the limit', async () => {
    await t.close();
    t = await makeTestApp({ rateLimit: { perMinute: 3 } });
    const r1 = await t.req({ method: 'GET', url: '/v2/session/list' });
    expect(r1.headers['x-ratelimit-limit']).toBe('3');
    expect(r1.headers['x-ratelimit-remaining']).toBe('2');
    expect(r1.headers['x-ratelimit-reset']).toBeDefined();
    await t.req({ method: 'GET', url: '/v2/session/list' });
    await t.req({ method: 'GET', url: '/v2/session/list' });
    const over = await t.req({ method: 'POST', url: '/v2/auth/login', payload: { username: 'x', password: 'yyyyyyyy' } });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('ratelimit_error');
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
  });
});

void ALL_SCOPES;
