import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, payoutsStream } from '@modshelf/events';
import { DomainError } from '@modshelf/contract';
import { accountsApp, type AccountsApp } from '../accounts/test-app';
import { execute, newCommandContext } from '../kernel/execute';
import { balanceOf, payoutDecider } from './decider';
import { SandboxPayoutProvider } from './provider';
import { registerPayoutRoutes, type Payouts } from './payouts.routes';

/** Two replicas: each its own connections to one events.db and one credentials.db, as two processes have. */
interface Replica extends AccountsApp<Payouts | undefined> {
  payouts: Payouts;
}
let dir: string;
let replicas: Replica[];

async function replica(): Promise<Replica> {
  const r = await accountsApp(
    dir,
    {},
    {
      register: (app, { store, credentials }) =>
        registerPayoutRoutes(app, {
          store,
          credentials,
          dataDir: dir,
          provider: new SandboxPayoutProvider(60_000),
          accrue: false,
          env: { PAYOUT_POLL_MS: '0' },
        }),
    },
  );
  return { ...r, payouts: r.registered! };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'withdrawals-'));
  replicas = [await replica(), await replica()];
});
afterEach(async () => {
  for (const r of replicas) await r.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function fundedUser(dollars: number) {
  const [a] = replicas;
  const r = await a.app.inject({
    method: 'POST',
    url: '/v2/auth/create',
    payload: { username: 'racer', password: 'correct horse battery', email: 'racer@example.org' },
  });
  expect(r.statusCode, r.body).toBe(200);
  const userId = (await a.credentials.findByUsername('racer'))!.userId;
  await a.credentials.setEmailVerified(userId, true);
  const past = new Date(Date.now() - 1000).toISOString();
  await execute(
    a.store,
    payoutsStream(userId),
    payoutDecider,
    {
      type: 'Credit',
      project_id: 'ProjRace',
      downloads: 1,
      amount: dollars * 1_000_000,
      source_position: 1,
      now: past,
      available_at: past,
    },
    newCommandContext(null),
  );
  return { userId, session: r.json().session as string };
}

describe('withdrawals from one balance on two replicas', () => {
  it('100 parallel withdrawals through both replicas never overdraw, and none is lost', async () => {
    const u = await fundedUser(50);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        replicas[i % 2].app.inject({
          method: 'POST',
          url: '/v2/payout',
          headers: { authorization: u.session },
          payload: { amount: 1, method: 'paypal', method_id: 'paypal_us', recipient: 'racer@example.org' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c !== 204 && c !== 400)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 400).every((a) => a.json().description === 'You do not have enough funds to make this payout!')).toBe(true);
    // both replicas served some of the successful ones
    expect(new Set(answers.map((a, i) => (a.statusCode === 204 ? i % 2 : -1)).filter((x) => x >= 0)).size).toBe(2);
    const state = await replicas[1].payouts.load(u.userId);
    const b = balanceOf(state, new Date().toISOString());
    expect(codes.filter((c) => c === 204)).toHaveLength(50);
    expect(Object.keys(state.payouts)).toHaveLength(50);
    expect(b.available).toBe(0);
    // every accepted withdrawal reached the provider once (one platform id each)
    expect(new Set(Object.values(state.payouts).map((p) => p.platform_id)).size).toBe(50);
  });

  it('without any lock, the expected-revision append alone never overdraws (a loser re-decides or is refused with a conflict)', async () => {
    const u = await fundedUser(30);
    const now = new Date().toISOString();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        execute(
          replicas[i % 2].store,
          payoutsStream(u.userId),
          payoutDecider,
          { type: 'Withdraw', payout_id: newId(), amount: 1_000_000, method: 'paypal', method_id: 'paypal_us', now },
          newCommandContext(u.userId),
        ).then(
          () => 'ok',
          (err: unknown) => (err instanceof DomainError ? err.kind : String(err)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o !== 'ok' && o !== 'invalid_input' && o !== 'conflict')).toEqual([]);
    const state = await replicas[0].payouts.load(u.userId);
    expect(Object.keys(state.payouts)).toHaveLength(outcomes.filter((o) => o === 'ok').length);
    expect(balanceOf(state, new Date().toISOString()).available).toBeGreaterThanOrEqual(0);
  });
});
