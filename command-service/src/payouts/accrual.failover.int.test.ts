import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DownloadsCounted,
  PayoutCredited,
  ProjectCreated,
  SqliteEventStore,
  SqliteLeaseStore,
  downloadsStream,
  newEventId,
  payoutsStream,
  projectStream,
  toNewEvents,
  type DecidedEvent,
  type EventStore,
} from '@modshelf/events';
import { projectFields } from '../catalogue/testing/fixtures';
import { REVENUE_ACCRUAL, RevenueAccrual } from './accrual';
import { PayoutVault } from './vault';

/**
 * Two replicas of the revenue process manager on one SQLite log (two connections,
 * as two processes have), one lease. Time moves only by hand (`clock.now`), so a
 * replica that "stops renewing" is one whose renewal period is longer than the test.
 */
const OWNER = 'OwnerAAA';
const PROJECT = 'ProjFail';
let dir: string;
let clock: { now: number };
let stores: SqliteEventStore[];
let replicas: RevenueAccrual[];
let vaults: PayoutVault[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'failover-'));
  clock = { now: 1_000_000 };
  stores = [];
  replicas = [];
  vaults = [];
});
afterEach(async () => {
  for (const r of replicas) await r.close().catch(() => undefined);
  for (const s of stores) await s.close();
  for (const v of vaults) v.close();
  rmSync(dir, { recursive: true, force: true });
});

function replica(holder: string, renewMs: number, commitEvery = 4) {
  const store = new SqliteEventStore({ path: join(dir, 'events.db'), pollMs: 5 });
  const leases = new SqliteLeaseStore({ db: store.db, clock: () => clock.now });
  const vault = new PayoutVault(':memory:');
  const accrual = new RevenueAccrual(
    store,
    leases,
    vault,
    { perDownload: 1000, holdMs: 0 },
    { holder, ttlMs: 1000, renewMs, commitEvery, clock: () => clock.now },
  );
  stores.push(store);
  vaults.push(vault);
  replicas.push(accrual);
  return { store, leases, accrual };
}

async function append(store: EventStore, stream: string, decided: DecidedEvent[]) {
  const id = newEventId();
  return (
    await store.append(
      stream,
      toNewEvents(decided, { commandId: id, correlationId: id, causationId: id, actor: null, time: new Date(0).toISOString() }, newEventId),
      'any',
    )
  ).position;
}
async function downloads(store: EventStore, from: number, to: number) {
  let position = 0;
  for (let count = from; count <= to; count++)
    position = await append(store, downloadsStream(PROJECT), [DownloadsCounted({ project_id: PROJECT, version_id: null, count })]);
  return position;
}
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting until ${what}`);
}
async function credits(store: EventStore) {
  return (await store.readStream(payoutsStream(OWNER)))
    .filter((e) => PayoutCredited.is(e))
    .map((e) => e.data as { downloads: number; amount: number; source_position: number });
}
async function project(store: EventStore) {
  await append(store, projectStream(PROJECT), [
    ProjectCreated({
      ...projectFields({ slug: 'failover' }),
      project_id: PROJECT,
      team_id: 'TeamAAAA',
      project_type: 'mod',
      owner_id: OWNER,
      organization_id: null,
      thread_id: 'ThreadAA',
      status: 'approved',
      published: new Date(0).toISOString(),
    }),
  ]);
}

describe('revenue accrual on two replicas under one lease', () => {
  it('runs on one replica only; after the active one dies mid-stream the other takes over and every download is credited exactly once', async () => {
    // A renews never within this test, and commits only every 1000 positions: it dies with all its work uncommitted
    const a = replica('A', 60_000, 1000);
    const b = replica('B', 10);
    await project(a.store);
    a.accrual.start();
    await until(() => a.accrual.active, 'A holds the lease');
    b.accrual.start();
    await downloads(a.store, 1, 10);
    await until(async () => (await credits(a.store)).length === 10, 'A credited the first ten');
    expect(b.accrual.active).toBe(false);
    // B will handle all of that again: nothing was committed
    expect(await b.leases.position(REVENUE_ACCRUAL)).toBe(0);

    // A dies (its connection closes, nothing more is committed); the lease runs out
    await a.store.close();
    expect(b.accrual.active).toBe(false);
    clock.now += 1001;
    await until(() => b.accrual.active, 'B takes over');
    const last = await downloads(b.store, 11, 20);
    expect(await b.accrual.caughtUp(last)).toBe(true);

    const got = await credits(b.store);
    expect(got.map((c) => c.downloads)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(got.map((c) => c.source_position)).size).toBe(20);
    expect(got.reduce((sum, c) => sum + c.amount, 0)).toBe(210 * 1000);
  });

  it('a replica that stopped renewing stops handling once its lease ran out, and its successor loses and doubles nothing', async () => {
    const a = replica('A', 60_000);
    const b = replica('B', 10);
    await project(a.store);
    a.accrual.start();
    await until(() => a.accrual.active, 'A holds the lease');
    b.accrual.start();
    const first = await downloads(a.store, 1, 6);
    await until(() => a.accrual.checkpoint >= first, 'A handled the first six');

    // A is alive but paused past its lease: B takes over while A still tails the log
    clock.now += 1001;
    await until(() => b.accrual.active, 'B takes over');
    const last = await downloads(a.store, 7, 15);
    expect(await b.accrual.caughtUp(last)).toBe(true);
    await until(() => !a.accrual.active, 'A notices it lost the lease');
    expect(a.accrual.checkpoint).toBeLessThan(last);

    const got = await credits(b.store);
    expect(got.map((c) => c.downloads)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(got.reduce((sum, c) => sum + c.amount, 0)).toBe(120 * 1000);
    // only B may commit now
    expect((await b.leases.current(REVENUE_ACCRUAL))?.holder).toBe('B');
  });

  it('a replica closed in an orderly way hands over at once, without waiting for the lease to run out', async () => {
    const a = replica('A', 60_000);
    const b = replica('B', 10);
    await project(a.store);
    a.accrual.start();
    await until(() => a.accrual.active, 'A holds the lease');
    b.accrual.start();
    const first = await downloads(a.store, 1, 5);
    await until(() => a.accrual.checkpoint >= first, 'A handled five');
    await a.accrual.close();
    expect(await b.leases.position(REVENUE_ACCRUAL)).toBe(a.accrual.checkpoint);
    await until(() => b.accrual.active, 'B takes over');
    const last = await downloads(b.store, 6, 8);
    expect(await b.accrual.caughtUp(last)).toBe(true);
    expect((await credits(b.store)).map((c) => c.downloads)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
