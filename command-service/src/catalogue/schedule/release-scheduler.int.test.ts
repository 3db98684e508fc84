import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_STREAM,
  ProjectCreated,
  ProjectStatusChanged,
  SqliteEventStore,
  SqliteLeaseStore,
  TeamMemberAdded,
  newEventId,
  projectStream,
  toNewEvents,
  type DecidedEvent,
  type ReadAllOptions,
} from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS } from '@modshelf/service-kit';
import { execute, loadStream, newCommandContext } from '../../kernel/execute';
import { fold } from '../../kernel/decider';
import { OWNER, TEAM_ID, projectFields } from '../testing/fixtures';
import { projectDecider } from '../project/project.decider';
import { ReleaseScheduler } from './release-scheduler';
import { countTurns } from '@modshelf/events/testing/event-loop-turns';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
let dir: string;
let clock: { now: number };
let closers: (() => unknown)[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'release-'));
  clock = { now: T0 };
  closers = [];
});
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

/** One replica: its own connection to the shared log file, the lease table in it, and a scheduler (reading windows of 2 positions, so a schedule and its change fall in different windows). */
function replica(holder: string, everyMs = 1000) {
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const leases = new SqliteLeaseStore({ db: store.db, clock: () => clock.now });
  const scheduler = new ReleaseScheduler({ store, leases, everyMs, holder, clock: () => clock.now, scanWindow: 2 });
  closers.push(
    () => store.close(),
    () => scheduler.close(),
  );
  return { store, leases, scheduler };
}

async function approvedProject(store: SqliteEventStore, id: string): Promise<void> {
  const events: DecidedEvent[] = [
    ProjectCreated({
      ...projectFields({ slug: `p-${id.toLowerCase()}` }),
      project_id: id,
      team_id: TEAM_ID,
      project_type: 'mod',
      owner_id: OWNER.userId,
      organization_id: null,
      thread_id: `Th${id}`.slice(0, 8),
      status: 'approved',
      published: '2026-01-01T00:00:00Z',
    }),
    TeamMemberAdded({ user_id: OWNER.userId, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ordering: 0, accepted: true, is_owner: true }),
  ];
  const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: OWNER.userId, time: new Date(T0).toISOString() };
  await store.append(projectStream(id), toNewEvents(events, meta, newEventId), NO_STREAM);
}

const schedule = (store: SqliteEventStore, id: string, at: number) =>
  execute(
    store,
    projectStream(id),
    projectDecider,
    {
      kind: 'schedule',
      actor: OWNER,
      time: new Date(at).toISOString(),
      requested_status: 'approved',
      now: new Date(clock.now).toISOString(),
    },
    newCommandContext(OWNER.userId),
  );

async function statusOf(store: SqliteEventStore, id: string) {
  return fold(projectDecider, (await loadStream(store, projectStream(id))).events).status;
}
async function releases(store: SqliteEventStore): Promise<number> {
  return (await store.readAll()).filter((e) => ProjectStatusChanged.is(e) && e.data.from === 'scheduled').length;
}

describe('release scheduler', () => {
  it('with an injected clock: nothing before the time, the release at it, nothing more afterwards', async () => {
    const { store, scheduler } = replica('A');
    await approvedProject(store, 'ProjAAAA');
    await schedule(store, 'ProjAAAA', T0 + 60_000);
    expect(await scheduler.runOnce()).toBe(true);
    expect(await statusOf(store, 'ProjAAAA')).toBe('scheduled');
    expect((await scheduler.pending()).map((p) => p.id)).toEqual(['ProjAAAA']);

    clock.now = T0 + 59_999;
    await scheduler.runOnce();
    expect(await statusOf(store, 'ProjAAAA')).toBe('scheduled');

    clock.now = T0 + 60_000;
    await scheduler.runOnce();
    expect(await statusOf(store, 'ProjAAAA')).toBe('approved');
    expect(await scheduler.pending()).toEqual([]);
    await scheduler.runOnce();
    expect(await releases(store)).toBe(1);
  });

  it('a rescheduled item is released at its new time; a cancelled one never', async () => {
    const { store, scheduler } = replica('A');
    await approvedProject(store, 'ProjAAAA');
    await approvedProject(store, 'ProjBBBB');
    await schedule(store, 'ProjAAAA', T0 + 60_000);
    await schedule(store, 'ProjBBBB', T0 + 60_000);
    await scheduler.runOnce();
    await schedule(store, 'ProjAAAA', T0 + 120_000);
    await execute(store, projectStream('ProjBBBB'), projectDecider, { kind: 'cancel-schedule', actor: OWNER }, newCommandContext(OWNER.userId));
    clock.now = T0 + 90_000;
    await scheduler.runOnce();
    expect(await statusOf(store, 'ProjAAAA')).toBe('scheduled');
    expect(await statusOf(store, 'ProjBBBB')).toBe('approved');
    clock.now = T0 + 120_000;
    await scheduler.runOnce();
    expect(await statusOf(store, 'ProjAAAA')).toBe('approved');
    expect(await releases(store)).toBe(2); // A released once, B returned once by its cancel
  });

  it('two instances on one SQLite file release each item exactly once', async () => {
    const a = replica('A');
    const b = replica('B');
    const ids = ['ProjAAAA', 'ProjBBBB', 'ProjCCCC', 'ProjDDDD', 'ProjEEEE'];
    for (const id of ids) {
      await approvedProject(a.store, id);
      await schedule(a.store, id, T0 + 10_000);
    }
    clock.now = T0 + 10_000;
    const ran = await Promise.all([a.scheduler.runOnce(), b.scheduler.runOnce(), a.scheduler.runOnce(), b.scheduler.runOnce()]);
    expect(ran.filter(Boolean).length).toBeGreaterThan(0);
    // the holder stops (no renewal): after its lease runs out the other takes over and finds nothing left to release
    clock.now += 10_000;
    await Promise.all([b.scheduler.runOnce(), a.scheduler.runOnce()]);
    for (const id of ids) expect(await statusOf(b.store, id)).toBe('approved');
    expect(await releases(a.store)).toBe(ids.length);
  });

  it('the release command is a no-op the second time even without the lease (expected revision + decider)', async () => {
    const a = replica('A');
    const b = replica('B');
    await approvedProject(a.store, 'ProjAAAA');
    await schedule(a.store, 'ProjAAAA', T0 + 1);
    const now = new Date(T0 + 1).toISOString();
    await Promise.all(
      [a.store, b.store, a.store, b.store].map((s) =>
        execute(s, projectStream('ProjAAAA'), projectDecider, { kind: 'release-scheduled', now }, newCommandContext(null)),
      ),
    );
    expect(await releases(a.store)).toBe(1);
  });

  it('survives a restart: an item that fell due while the site was down is released at the next start', async () => {
    const first = replica('A');
    await approvedProject(first.store, 'ProjAAAA');
    await schedule(first.store, 'ProjAAAA', T0 + 60_000);
    await first.scheduler.runOnce();
    await first.scheduler.close();
    first.store.close();
    closers = [];

    clock.now = T0 + 3_600_000; // down for an hour, past the release time
    const second = replica('A2', 20);
    expect(await statusOf(second.store, 'ProjAAAA')).toBe('scheduled');
    second.scheduler.start();
    await vi.waitFor(async () => expect(await statusOf(second.store, 'ProjAAAA')).toBe('approved'), { timeout: 5000, interval: 20 });
    expect(await releases(second.store)).toBe(1);
  });

  it('a first run over a log that takes longer than the lease to read renews it and keeps its progress', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const leases = new SqliteLeaseStore({ db: store.db, clock: () => clock.now });
    closers.push(() => store.close());
    await approvedProject(store, 'ProjAAAA');
    await schedule(store, 'ProjAAAA', T0 + 1_000);
    const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: OWNER.userId, time: new Date(T0).toISOString() };
    // events the scheduler reads (it skips the other types without reading them)
    const filler = (): DecidedEvent => ProjectStatusChanged({ from: 'approved', to: 'archived' });
    for (let chunk = 0; chunk < 5; chunk++) {
      const events = Array.from({ length: 1_000 }, filler);
      await store.append(`filler-${chunk}`, toNewEvents(events, meta, newEventId), NO_STREAM);
    }
    // every page read costs a second of the lease's clock: the run reads 3 pages against a 3 s lease
    const slow = Object.create(store) as SqliteEventStore;
    slow.readAll = async (options) => {
      clock.now += 1_000;
      return store.readAll(options);
    };
    const scheduler = new ReleaseScheduler({ store: slow, leases, everyMs: 1_000, holder: 'A', clock: () => clock.now, scanWindow: 2_000 });
    closers.push(() => scheduler.close());

    const head = await store.headPosition();
    expect(await scheduler.runOnce()).toBe(true);
    expect(await leases.position('release-scheduler')).toBe(head);
    expect(await statusOf(store, 'ProjAAAA')).toBe('approved');
    expect(await scheduler.pending()).toEqual([]);
  });

  it('a catch-up reads only the scheduling events, window by window, and lets requests run between windows', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const leases = new SqliteLeaseStore({ db: store.db, clock: () => clock.now });
    closers.push(() => store.close());
    await approvedProject(store, 'ProjAAAA');
    const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: OWNER.userId, time: new Date(T0).toISOString() };
    const filler = (): DecidedEvent =>
      TeamMemberAdded({ user_id: OWNER.userId, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ordering: 0, accepted: true, is_owner: true });
    await store.append('filler-a', toNewEvents(Array.from({ length: 3_000 }, filler), meta, newEventId), NO_STREAM);
    await schedule(store, 'ProjAAAA', T0 + 1_000);
    await store.append('filler-b', toNewEvents(Array.from({ length: 3_000 }, filler), meta, newEventId), NO_STREAM);
    const reads: ReadAllOptions[] = [];
    const returned: string[] = [];
    const watched = Object.create(store) as SqliteEventStore;
    watched.readAll = async (options) => {
      reads.push(options ?? {});
      const page = await store.readAll(options);
      returned.push(...page.map((e) => e.type));
      return page;
    };
    const scheduler = new ReleaseScheduler({ store: watched, leases, everyMs: 60_000, holder: 'A', clock: () => clock.now, scanWindow: 1_000 });
    closers.push(() => scheduler.close());
    // a request's turn of the event loop, counted while the run is going on
    const loop = countTurns();
    clock.now = T0 + 2_000;
    const head = await store.headPosition();
    expect(await scheduler.runOnce()).toBe(true);
    const turns = loop.stop();

    expect(reads.length).toBeGreaterThanOrEqual(Math.ceil(head / 1_000));
    for (const r of reads) {
      expect(r.upTo! - r.after!).toBeLessThanOrEqual(1_000);
      expect(r.types).not.toContain('TeamMemberAdded');
    }
    expect(returned).not.toContain('TeamMemberAdded');
    expect(turns).toBeGreaterThanOrEqual(reads.length - 1);
    expect(await leases.position('release-scheduler')).toBe(head);
    expect(await statusOf(store, 'ProjAAAA')).toBe('approved');
  });

  it('reads the events it tracks alone, and its checkpoint passes the others', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const leases = new SqliteLeaseStore({ db: store.db, clock: () => clock.now });
    closers.push(() => store.close());
    await approvedProject(store, 'ProjAAAA');
    await schedule(store, 'ProjAAAA', T0 + 1_000);
    const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: OWNER.userId, time: new Date(T0).toISOString() };
    const member = (): DecidedEvent =>
      TeamMemberAdded({ user_id: OWNER.userId, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ordering: 0, accepted: true, is_owner: true });
    await store.append('filler-0', toNewEvents(Array.from({ length: 3_000 }, member), meta, newEventId), NO_STREAM);
    const read: string[] = [];
    const counting = Object.create(store) as SqliteEventStore;
    counting.readAll = async (options) => {
      const page = await store.readAll(options);
      read.push(...page.map((e) => e.type));
      return page;
    };
    const scheduler = new ReleaseScheduler({ store: counting, leases, everyMs: 1_000, holder: 'A', clock: () => clock.now });
    closers.push(() => scheduler.close());

    expect(await scheduler.runOnce()).toBe(true);
    // the project's creation and the 3,000 team events are never read; its scheduling is
    expect(read.sort()).toEqual(['ProjectReleaseScheduled', 'ProjectStatusChanged']);
    expect(await leases.position('release-scheduler')).toBe(await store.headPosition());
    expect((await scheduler.pending()).map((p) => p.id)).toEqual(['ProjAAAA']);
    // due: released, and the next run reads only what was appended since (the release itself)
    clock.now = T0 + 1_000;
    read.length = 0;
    expect(await scheduler.runOnce()).toBe(true);
    expect(await statusOf(store, 'ProjAAAA')).toBe('approved');
    read.length = 0;
    expect(await scheduler.runOnce()).toBe(true);
    expect(read).toEqual(['ProjectStatusChanged']);
  });
});
