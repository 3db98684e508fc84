import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadsCounted, SqliteEventStore, SqliteLeaseStore, downloadsStream, toNewEvents, type RecordedEvent } from '@modshelf/events';
import { writeCatalogueEvents, type GeneratedIds } from '@modshelf/events/generator';
import { GeneratedAccruals } from '../../../bench/scale-accruals';
import { REVENUE_ACCRUAL, RevenueAccrual } from './accrual';
import { balanceOf, payoutDecider } from './decider';
import { PayoutVault } from './vault';

/**
 * A generated log written with the accrual's credits (bench/scale-accruals.ts, the scale bench's log) against one
 * written without them, where the revenue process manager credits the downloads itself: starting it over the first
 * appends nothing, and both end with the same credits, balances and process-manager state.
 */
const PROJECTS = 120;
const SETTINGS = { perDownload: 2500, holdMs: 30 * 86_400_000 };
let dir: string;
const open: { close(): unknown }[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'accrual-generated-'));
});
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
  rmSync(dir, { recursive: true, force: true });
});

/** the same ids every time, so two logs of one seed name the same projects and users */
function counterIds(): GeneratedIds {
  let n = 0;
  let e = 0;
  return { id: () => `Gen${String(n++).padStart(5, '0')}`, eventId: () => `00000000-0000-4000-8000-${String(e++).padStart(12, '0')}` };
}

async function generated(name: string, withAccruals: boolean) {
  const store = new SqliteEventStore({ path: join(dir, `${name}.db`), pollMs: 5 });
  const leases = new SqliteLeaseStore({ db: store.db });
  const accruals = new GeneratedAccruals(SETTINGS);
  writeCatalogueEvents(store, PROJECTS, 42, 0, { lookups: true, ids: counterIds(), follow: withAccruals ? accruals.follow : undefined });
  if (withAccruals) await accruals.commit(leases, await store.headPosition());
  return { store, leases };
}

async function runAccrual(store: SqliteEventStore, leases: SqliteLeaseStore) {
  const vault = new PayoutVault(':memory:');
  const accrual = new RevenueAccrual(store, leases, vault, SETTINGS, { holder: 'test', ttlMs: 60_000 });
  accrual.start();
  try {
    expect(await accrual.caughtUp(await store.headPosition(), 20_000)).toBe(true);
  } finally {
    await accrual.close();
    vault.close();
  }
}

async function all(store: SqliteEventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: out.at(-1)?.position ?? 0, maxCount: 1000 });
    if (page.length === 0) return out;
    out.push(...page);
  }
}

/** each payouts stream's credits (the source named by the event it points at) and balance */
async function payouts(store: SqliteEventStore) {
  const events = await all(store);
  const byPosition = new Map(events.map((e) => [e.position, e]));
  const streams = new Map<string, { credits: unknown[]; state: typeof payoutDecider.initialState }>();
  for (const e of events) {
    if (!e.streamId.startsWith('payouts-')) continue;
    const s = streams.get(e.streamId) ?? { credits: [], state: payoutDecider.initialState };
    const { source_position, ...data } = e.data as { source_position: number };
    const source = byPosition.get(source_position);
    s.credits.push({ revision: e.revision, type: e.type, data, source: source?.metadata.eventId, causation: e.metadata.causationId });
    s.state = payoutDecider.evolve(s.state, e);
    streams.set(e.streamId, s);
  }
  return Object.fromEntries([...streams].map(([id, s]) => [id, { credits: s.credits, balance: balanceOf(s.state, '2025-06-01T00:00:00.000Z') }]));
}

const stateOf = (store: SqliteEventStore) =>
  store.db.prepare('SELECT key, value FROM lease_state WHERE name = ? ORDER BY key').all(REVENUE_ACCRUAL) as { key: string; value: string }[];

describe('a generated log with the revenue accrual’s credits', () => {
  it('leaves the accrual nothing to append, and equals what the accrual writes itself', async () => {
    const settled = await generated('settled', true);
    const bare = await generated('bare', false);
    open.push(settled.store, bare.store);
    const head = await settled.store.headPosition();
    const credits = (await all(settled.store)).filter((e) => e.type === 'PayoutCredited').length;
    expect(credits).toBeGreaterThan(PROJECTS / 2);

    await runAccrual(settled.store, settled.leases);
    expect(await settled.store.headPosition()).toBe(head);
    await runAccrual(bare.store, bare.leases);
    expect((await all(bare.store)).filter((e) => e.type === 'PayoutCredited').length).toBe(credits);

    const [mine, theirs] = [await payouts(settled.store), await payouts(bare.store)];
    expect(Object.keys(mine).length).toBeGreaterThan(1);
    for (const s of Object.values(mine)) for (const c of s.credits) expect((c as { source?: string }).source).toBe((c as { causation: string }).causation);
    expect(mine).toEqual(theirs);
    expect(stateOf(settled.store)).toEqual(stateOf(bare.store));
    expect(await settled.leases.position(REVENUE_ACCRUAL)).toBe(head);
  });

  it('credits a download counted after generation, once', async () => {
    const { store, leases } = await generated('later', true);
    open.push(store);
    const project = (await all(store)).find((e) => DownloadsCounted.is(e) && e.data.count > 0);
    if (!project || !DownloadsCounted.is(project)) throw new Error('no download in the generated log');
    const meta = { commandId: 'later', correlationId: 'later', causationId: 'later', actor: null, time: '2025-01-01T00:00:00.000Z' };
    await store.append(
      `${downloadsStream(project.data.project_id)}-later`,
      toNewEvents([DownloadsCounted({ project_id: project.data.project_id, version_id: null, count: 4 })], meta, () => crypto.randomUUID()),
      -1,
    );
    const head = await store.headPosition();
    await runAccrual(store, leases);
    const after = (await all(store)).filter((e) => e.position > head);
    expect(after.map((e) => [e.type, (e.data as { source_position: number }).source_position, (e.data as { amount: number }).amount])).toEqual([
      ['PayoutCredited', head, 4 * SETTINGS.perDownload],
    ]);
  });
});
