import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DownloadsCounted,
  ProjectCreated,
  ProjectEdited,
  ProjectStatusChanged,
  SqliteCredentialStore,
  SqliteEventStore,
  UserDeleted,
  downloadsStream,
  newEventId,
  payoutsStream,
  projectStream,
  toNewEvents,
  userStream,
  type DecidedEvent,
} from '@modshelf/events';
import { SCOPE_BITS, installAuth, installErrorHandling } from '@modshelf/service-kit';
import { installRateLimit, registerAccountRoutes } from '../accounts/index';
import { OutboxMailer } from '../accounts/mail';
import { execute, newCommandContext } from '../kernel/execute';
import { projectFields } from '../catalogue/testing/fixtures';
import { payoutDecider } from './decider';
import { registerPayoutRoutes, type Payouts } from './payouts.routes';
import { SandboxPayoutProvider } from './provider';

process.env.ARGON2_MEMORY_KIB ??= '1024';

let dir: string;
let app: FastifyInstance;
let store: SqliteEventStore;
let credentials: SqliteCredentialStore;
let payouts: Payouts;
let clock: Date;
let startEnv: Record<string, string> = {};

async function start(env: Record<string, string> = {}) {
  app = Fastify({ logger: false });
  installErrorHandling(app);
  await installRateLimit(app, { perMinute: 100_000 });
  installAuth(app, { credentials });
  registerAccountRoutes(app, {
    store,
    credentials,
    dataDir: dir,
    publicUrl: 'http://localhost',
    mailer: new OutboxMailer(join(dir, 'outbox')),
    billingCycleMs: 0,
  });
  payouts = registerPayoutRoutes(app, {
    store,
    credentials,
    dataDir: dir,
    now: () => clock,
    provider: new SandboxPayoutProvider(60_000),
    env: { REVENUE_PER_DOWNLOAD_USD: '0.5', REVENUE_HOLD_DAYS: '30', PAYOUT_POLL_MS: '0', ...env },
  });
  await app.ready();
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'payouts-'));
  store = new SqliteEventStore({ path: join(dir, 'events.db') });
  credentials = new SqliteCredentialStore({ path: join(dir, 'credentials.db') });
  clock = new Date();
  await start(startEnv);
});
afterEach(async () => {
  await app.close();
  await store.close();
  await credentials.close();
  rmSync(dir, { recursive: true, force: true });
});

const req = ({ token, ...o }: InjectOptions & { token?: string }) =>
  app.inject({ ...o, headers: { ...(token ? { authorization: token } : {}), ...o.headers } });
async function signUp(username: string, verified = true) {
  const r = await req({ method: 'POST', url: '/v2/auth/create', payload: { username, password: 'correct horse battery', email: `${username}@example.org` } });
  expect(r.statusCode, r.body).toBe(200);
  const userId = (await credentials.findByUsername(username))!.userId;
  if (verified) await credentials.setEmailVerified(userId, true);
  return { session: r.json().session as string, userId };
}
async function append(stream: string, decided: DecidedEvent[], time = new Date().toISOString()) {
  const id = newEventId();
  const r = await store.append(stream, toNewEvents(decided, { commandId: id, correlationId: id, causationId: id, actor: null, time }, newEventId), 'any');
  return r.position;
}
async function project(owner: string, projectId: string, status: 'approved' | 'draft' = 'approved') {
  await append(projectStream(projectId), [
    ProjectCreated({
      ...projectFields({ slug: `p-${projectId}` }),
      project_id: projectId,
      team_id: 'TeamAAAA',
      project_type: 'mod',
      owner_id: owner,
      organization_id: null,
      thread_id: 'ThreadAA',
      status,
      published: new Date().toISOString(),
    }),
  ]);
}
async function downloads(projectId: string, count: number) {
  const position = await append(downloadsStream(projectId), [DownloadsCounted({ project_id: projectId, version_id: null, count })]);
  expect(await payouts.accrual!.caughtUp(position)).toBe(true);
}
const balance = async (token: string) => (await req({ method: 'GET', url: '/v2/payout/balance', token })).json();
const history = async (token: string) => (await req({ method: 'GET', url: '/v2/payout/history', token })).json();
const withdraw = (token: string, payload: Record<string, unknown>) => req({ method: 'POST', url: '/v2/payout', token, payload });

describe('revenue from counted downloads', () => {
  it('credits monetized, listed projects to the owner, pending for the hold period; not drafts or demonetized ones', async () => {
    const a = await signUp('earner');
    await project(a.userId, 'ProjEarn');
    await project(a.userId, 'ProjDraf', 'draft');
    await downloads('ProjEarn', 10);
    await downloads('ProjDraf', 10);
    expect(await balance(a.session)).toMatchObject({ available: '0', pending: '5', withdrawn_lifetime: '0', withdrawn_ytd: '0' });
    await append(projectStream('ProjEarn'), [ProjectEdited({ changes: { monetization_status: 'demonetized' } })]);
    await downloads('ProjEarn', 10);
    await append(projectStream('ProjEarn'), [
      ProjectEdited({ changes: { monetization_status: 'monetized' } }),
      ProjectStatusChanged({ from: 'approved', to: 'withheld' }),
    ]);
    await downloads('ProjEarn', 10);
    expect((await balance(a.session)).pending).toBe('5');
    // 31 days later the money is available
    clock = new Date(Date.now() + 31 * 86_400_000);
    expect(await balance(a.session)).toMatchObject({ available: '5', pending: '0' });
    const credited = await store.readStream(payoutsStream(a.userId));
    expect(credited.map((e) => [e.type, (e.data as { amount: number }).amount])).toEqual([['PayoutCredited', 5_000_000]]);
  });

  it('resumes from its checkpoint after a restart and never credits a download twice', async () => {
    const a = await signUp('restarts');
    await project(a.userId, 'ProjRest');
    await downloads('ProjRest', 4);
    await app.close();
    // forget the checkpoint: a full replay must not credit again
    store.db.prepare('UPDATE leases SET position = 0 WHERE name = ?').run('revenue-accrual');
    await start();
    await downloads('ProjRest', 2);
    const events = await store.readStream(payoutsStream(a.userId));
    expect(events.map((e) => (e.data as { downloads: number }).downloads)).toEqual([4, 2]);
    expect((await balance(a.session)).pending).toBe('3');
  });

  it('starts an upgraded site from the checkpoint earlier versions kept in payouts.db', async () => {
    const a = await signUp('upgrader');
    await app.close();
    // what an earlier version left: it handled the log up to `handled`, with these project facts
    await project(a.userId, 'ProjOldd');
    const handled = await append(downloadsStream('ProjOldd'), [DownloadsCounted({ project_id: 'ProjOldd', version_id: null, count: 10 })]);
    store.db.prepare('DELETE FROM leases').run();
    store.db.prepare('DELETE FROM lease_state').run();
    const { PayoutVault } = await import('./vault');
    const old = new PayoutVault(join(dir, 'payouts.db'));
    old.db.exec(
      'CREATE TABLE pm_checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL); CREATE TABLE pm_projects (project_id TEXT PRIMARY KEY, state TEXT NOT NULL);',
    );
    old.db.prepare('INSERT INTO pm_checkpoint VALUES (?, ?)').run('revenue-accrual', handled);
    old.db
      .prepare('INSERT INTO pm_projects VALUES (?, ?)')
      .run(
        'ProjOldd',
        JSON.stringify({ owner: a.userId, status: 'approved', monetization: 'monetized', members: { [a.userId]: { accepted: true, split: null } } }),
      );
    old.close();
    await start();
    await downloads('ProjOldd', 4);
    // the 10 before the old checkpoint are not handled again; the imported project facts earn the 4 after it
    const events = await store.readStream(payoutsStream(a.userId));
    expect(events.map((e) => (e.data as { downloads: number }).downloads)).toEqual([4]);
    expect(Number(store.db.prepare('SELECT position FROM leases WHERE name = ?').pluck().get('revenue-accrual'))).toBeGreaterThanOrEqual(handled);
  });
});

describe('withdrawals', () => {
  beforeAll(() => {
    startEnv = { REVENUE_HOLD_DAYS: '0' };
  });
  afterAll(() => {
    startEnv = {};
  });
  async function funded(name: string, dollars = 20) {
    const u = await signUp(name);
    const pid = `Pj${name.slice(0, 6).padEnd(6, 'x')}`;
    await project(u.userId, pid);
    await downloads(pid, dollars * 2);
    clock = new Date(Date.now() + 1000);
    return u;
  }

  it('needs PAYOUTS_READ / PAYOUTS_WRITE (401 without)', async () => {
    const u = await funded('scoped');
    expect((await req({ method: 'GET', url: '/v2/payout/balance' })).statusCode).toBe(401);
    expect((await req({ method: 'POST', url: '/v2/payout', payload: { amount: 5, method: 'paypal', method_id: 'paypal_us' } })).statusCode).toBe(401);
    const pat = await req({
      method: 'POST',
      url: '/v2/pat',
      token: u.session,
      payload: { name: 'read only', scopes: 2 ** SCOPE_BITS.PAYOUTS_READ, expires: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(pat.statusCode, pat.body).toBe(200);
    const token = pat.json().access_token as string;
    expect((await req({ method: 'GET', url: '/v2/payout/balance', token })).statusCode).toBe(200);
    const denied = await withdraw(token, { amount: 5, method: 'paypal', method_id: 'paypal_us' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().error).toBe('unauthorized');
    expect((await req({ method: 'DELETE', url: '/v2/payout/AAAAAAAA', token })).statusCode).toBe(401);
  });

  it('withdraws: history with method, fee and status; refuses over the balance, below the minimum and unverified e-mails', async () => {
    const u = await funded('withdrawer');
    expect((await balance(u.session)).available).toBe('20');
    const methods = (await req({ method: 'GET', url: '/v2/payout/methods' })).json();
    expect(methods.map((m: { id: string }) => m.id)).toContain('venmo');
    expect(methods.find((m: { id: string }) => m.id === 'paypal_us')).toMatchObject({
      type: 'paypal',
      interval: { standard: { min: '1', max: '10000' } },
      fee: { percentage: '2', min: '0.25', max: '1' },
    });
    const fees = await req({ method: 'POST', url: '/v2/payout/fees', payload: { amount: '12.50', method: 'paypal', method_id: 'paypal_us' } });
    expect(fees.json()).toEqual({ fee: '0.25', net_usd: '12.25', exchange_rate: null });

    const over = await withdraw(u.session, { amount: 25, method: 'paypal', method_id: 'paypal_us' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'invalid_input', description: 'You do not have enough funds to make this payout!' });
    expect((await withdraw(u.session, { amount: 0.5, method: 'paypal', method_id: 'paypal_us' })).json().description).toMatch(/minimum/);
    expect((await withdraw(u.session, { amount: 5, method: 'paypal', method_id: 'nope' })).statusCode).toBe(400);
    expect((await withdraw(u.session, { amount: 5, method: 'venmo', method_id: 'venmo' })).json().description).toMatch(/Venmo handle/);

    const ok = await withdraw(u.session, { amount: '12.50', method: 'paypal', method_id: 'paypal_us' });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(Number(ok.headers['x-modshelf-position'])).toBeGreaterThan(0);
    expect(await balance(u.session)).toMatchObject({ available: '7.5', withdrawn_lifetime: '12.5', withdrawn_ytd: '12.5' });
    const [p] = await history(u.session);
    expect(p).toMatchObject({ user_id: u.userId, status: 'in-transit', amount: '12.5', fee: '0.25', method: 'paypal', method_address: 'wi***@example.org' });
    expect(p.platform_id).toMatch(/^sbx_ok_/);
    // the e-mail never reaches the log
    const log = JSON.stringify(await store.readStream(payoutsStream(u.userId)));
    expect(log).not.toContain('example.org');

    clock = new Date(clock.getTime() + 61_000);
    expect(await payouts.settle()).toEqual({ succeeded: 1, failed: 0 });
    expect((await history(u.session))[0].status).toBe('success');
    expect((await req({ method: 'DELETE', url: `/v2/payout/${p.id}`, token: u.session })).statusCode).toBe(400);

    const v = await signUp('unverified', false);
    expect((await withdraw(v.session, { amount: 1, method: 'paypal', method_id: 'paypal_us' })).json().description).toMatch(/verify your email/);
  });

  it('a failed transfer returns the money; a transfer in transit can be cancelled', async () => {
    const u = await funded('failer');
    expect((await withdraw(u.session, { amount: 10, method: 'venmo', method_id: 'venmo', recipient: '@fail_me' })).statusCode).toBe(204);
    expect((await balance(u.session)).available).toBe('10');
    clock = new Date(clock.getTime() + 61_000);
    expect(await payouts.settle()).toEqual({ succeeded: 0, failed: 1 });
    expect((await history(u.session))[0]).toMatchObject({ status: 'failed', method: 'venmo', method_address: '@fa***' });
    expect((await balance(u.session)).available).toBe('20');

    expect((await withdraw(u.session, { amount: 5, method: 'tremendous', method_id: 'tremendous_amazon_us' })).statusCode).toBe(204);
    const [gift] = await history(u.session);
    expect(gift).toMatchObject({ status: 'in-transit', amount: '5', fee: '0', method: 'tremendous' });
    expect((await req({ method: 'DELETE', url: `/v2/payout/${gift.id}`, token: u.session })).statusCode).toBe(204);
    expect((await history(u.session))[0].status).toBe('cancelled');
    expect((await balance(u.session)).available).toBe('20');
    const other = await signUp('stranger');
    expect((await req({ method: 'DELETE', url: `/v2/payout/${gift.id}`, token: other.session })).statusCode).toBe(404);
  });

  it('two racing withdrawals never overdraw (stream revision and retry)', async () => {
    const u = await funded('racer');
    const both = await Promise.all([
      withdraw(u.session, { amount: 15, method: 'paypal', method_id: 'paypal_us' }),
      withdraw(u.session, { amount: 15, method: 'paypal', method_id: 'paypal_us' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    // straight at the stream, without the in-process lock: the append conflict re-decides on fresh state
    const ctx = () => newCommandContext(u.userId);
    const now = clock.toISOString();
    const results = await Promise.allSettled(
      ['RaceAAAA', 'RaceBBBB', 'RaceCCCC'].map((id) =>
        execute(
          store,
          payoutsStream(u.userId),
          payoutDecider,
          { type: 'Withdraw', payout_id: id, amount: 2_000_000, method: 'paypal', method_id: 'paypal_us', now },
          ctx(),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect((await balance(u.session)).available).toBe('1');
  });

  it('forgets recipients when the account is deleted', async () => {
    const u = await funded('leaver');
    await withdraw(u.session, { amount: 2, method: 'paypal', method_id: 'paypal_us', recipient: 'leaver.pay@example.org' });
    expect((await req({ method: 'GET', url: '/v2/payout/recipients', token: u.session })).json()).toEqual({ paypal: 'leaver.pay@example.org' });
    const position = await append(userStream(u.userId), [UserDeleted({})]);
    expect(await payouts.accrual!.caughtUp(position)).toBe(true);
    expect(payouts.vault.recipients(u.userId)).toEqual({});
    expect((await history(u.session))[0]?.method_address ?? null).toBeNull();
  });

  it("legacy /v2/user/{id}/payouts: Modrinth's history shape and a withdrawal by ?amount= over the same aggregate", async () => {
    const u = await funded('legacy');
    const legacy = (token: string, who = u.userId) => req({ method: 'GET', url: `/v2/user/${who}/payouts`, token });
    const before = await legacy(u.session);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ all_time: '20', last_month: '20', payouts: [] });
    // by username too; a bad amount, over the balance, another user: refused and nothing written
    expect((await req({ method: 'POST', url: '/v2/user/LEGACY/payouts?amount=abc', token: u.session })).statusCode).toBe(400);
    const over = await req({ method: 'POST', url: '/v2/user/legacy/payouts?amount=50', token: u.session });
    expect(over.json()).toEqual({ error: 'invalid_input', description: 'You do not have enough funds to make this payout!' });
    const other = await signUp('bystander');
    expect((await req({ method: 'POST', url: `/v2/user/${u.userId}/payouts?amount=1`, token: other.session })).statusCode).toBe(404);
    expect((await legacy(other.session)).statusCode).toBe(404);
    expect((await req({ method: 'GET', url: `/v2/user/${u.userId}/payouts` })).statusCode).toBe(401);

    const ok = await req({ method: 'POST', url: '/v2/user/legacy/payouts?amount=7.5', token: u.session });
    expect(ok.statusCode, ok.body).toBe(204);
    const after = (await legacy(u.session)).json();
    expect(after.all_time).toBe('20');
    expect(after.payouts).toEqual([{ created: expect.any(String), amount: 7.5, status: 'in-transit' }]);
    expect((await history(u.session))[0]).toMatchObject({ method: 'paypal', amount: '7.5', status: 'in-transit' });
    expect((await balance(u.session)).available).toBe('12.5');
  });
});
