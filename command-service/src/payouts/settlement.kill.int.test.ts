import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountsApp, type AccountsApp } from '../accounts/test-app';
import { leasesFor } from '../kernel/leases';
import { balanceOf } from './decider';
import { registerPayoutRoutes, type Payouts } from './payouts.routes';
import { SandboxPayoutProvider } from './provider';
import { NEVER_SUBMITTED } from './settlement';

const CHILD = join(import.meta.dirname, 'testing', 'withdrawal-main.ts');
const MINUTE = 60_000;
let dir: string;
let child: ChildProcess | null;
let site: (AccountsApp<Payouts | undefined> & { payouts: Payouts }) | null;
let provider: SandboxPayoutProvider;
let clock: Date;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settlement-kill-'));
  child = null;
  site = null;
});
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
  }
  await site?.stop();
  provider?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the dying withdrawal in its own process and kills it -9 while its provider call is under way. */
async function killedWithdrawal(mode: 'before-send' | 'after-send'): Promise<{ userId: string; payoutId: string }> {
  const c = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  child = c;
  const seen: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    c.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      for (const m of buf.matchAll(/^(user|sending) (\S+)$/gm)) seen[m[1]!] = m[2]!;
      if (seen.sending) resolve();
    });
    c.once('exit', (code) => reject(new Error(`the withdrawal process ended (${code}) before its provider call`)));
  });
  c.kill('SIGKILL');
  await new Promise((r) => c.once('exit', r));
  return { userId: seen.user!, payoutId: seen.sending! };
}

/** The site again over the same DATA_DIR (its settlement not on a timer: the test runs it), on a clock the test moves. */
async function restart(): Promise<Payouts> {
  clock = new Date();
  provider = new SandboxPayoutProvider(60_000, join(dir, 'payout-sandbox.db'));
  const r = await accountsApp(
    dir,
    {},
    {
      register: (app, { store, credentials }) =>
        registerPayoutRoutes(app, {
          store,
          credentials,
          dataDir: dir,
          provider,
          accrue: false,
          now: () => clock,
          env: { PAYOUT_POLL_MS: '0', PAYOUT_SUBMIT_TIMEOUT_MS: String(10 * MINUTE) },
        }),
    },
  );
  site = { ...r, payouts: r.registered! };
  return site.payouts;
}

/** Waits until the dead process's user lock lapses (its 30 s lease), so a settlement pass is not turned away by it. */
async function lockLapsed(userId: string): Promise<void> {
  const leases = leasesFor(site!.store, dir);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const grant = await leases.acquire(`lock:payout:${userId}`, 'test-probe', 1);
    if (grant) return leases.release(grant);
    if (Date.now() > deadline) throw new Error('the dead process still holds the lock');
    await new Promise((res) => setTimeout(res, 500));
  }
}

const transfer = (payoutId: string) => ({ payout_id: payoutId, method: 'paypal' as const, method_id: 'paypal_us', recipient: 'late@example.org', net: 1 });

describe('a withdrawal killed between its request and its submission', () => {
  it('that never reached the provider: left alone before the timeout, then failed with the money returned; a late send is refused', async () => {
    const { userId, payoutId } = await killedWithdrawal('before-send');
    const payouts = await restart();
    const before = await payouts.load(userId);
    expect(before.payouts[payoutId]).toMatchObject({ status: 'in-transit', platform_id: null, amount: 10_000_000 });
    expect(balanceOf(before, clock.toISOString()).available).toBe(40_000_000);

    await lockLapsed(userId);
    // younger than the timeout: it may still be on its way (another replica's), so it is left alone
    clock = new Date(Date.now() + 9 * MINUTE);
    expect(await payouts.settle()).toEqual({ succeeded: 0, failed: 0 });
    expect((await payouts.load(userId)).payouts[payoutId]!.status).toBe('in-transit');

    clock = new Date(Date.now() + 11 * MINUTE);
    expect(await payouts.settle()).toEqual({ succeeded: 0, failed: 1 });
    const after = await payouts.load(userId);
    expect(after.payouts[payoutId]).toMatchObject({ status: 'failed', reason: NEVER_SUBMITTED, platform_id: null });
    expect(balanceOf(after, clock.toISOString())).toMatchObject({ available: 50_000_000, in_transit: 0, withdrawn_lifetime: 0 });
    // the dead process's send, arriving now, cannot pay it as well
    expect((await provider.send(transfer(payoutId), clock)).ok).toBe(false);
    expect(await payouts.settle()).toEqual({ succeeded: 0, failed: 0 });
    expect(site!.payouts.vault.openPayouts()).toEqual([]);
  }, 150_000);

  it('that the provider took: its submission is recorded from the provider, it settles once, and no money comes back', async () => {
    const { userId, payoutId } = await killedWithdrawal('after-send');
    const payouts = await restart();
    expect((await payouts.load(userId)).payouts[payoutId]).toMatchObject({ status: 'in-transit', platform_id: null });

    await lockLapsed(userId);
    clock = new Date(Date.now() + 11 * MINUTE);
    expect(await payouts.settle()).toEqual({ succeeded: 1, failed: 0 });
    const after = await payouts.load(userId);
    const sent = await provider.send(transfer(payoutId), clock);
    expect(sent).toMatchObject({ ok: true });
    expect(after.payouts[payoutId]).toMatchObject({ status: 'success', platform_id: sent.ok ? sent.platform_id : 'none' });
    expect(balanceOf(after, clock.toISOString())).toMatchObject({ available: 40_000_000, in_transit: 0, withdrawn_lifetime: 10_000_000 });
    expect(await payouts.settle()).toEqual({ succeeded: 0, failed: 0 });
  }, 150_000);
});
