import { spawn, type ChildProcess } from 'node:child_process';
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
} from '@modshelf/events';
import { projectFields } from '../catalogue/testing/fixtures';
import { REVENUE_ACCRUAL } from './accrual';

const REPLICA = join(import.meta.dirname, 'testing', 'accrual-replica-main.ts');
const OWNER = 'OwnerKil';
const PROJECT = 'ProjKill';
let dir: string;
let store: SqliteEventStore;
let leases: SqliteLeaseStore;
let children: ChildProcess[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'accrual-kill-'));
  store = new SqliteEventStore({ path: join(dir, 'events.db') });
  leases = new SqliteLeaseStore({ db: store.db });
  children = [];
});
afterEach(async () => {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await new Promise((r) => c.once('exit', r));
    }
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function replica(holder: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', REPLICA, join(dir, 'events.db'), holder], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}
async function until<T>(probe: () => Promise<T | null | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
async function append(stream: string, decided: DecidedEvent[]) {
  const id = newEventId();
  return (
    await store.append(
      stream,
      toNewEvents(decided, { commandId: id, correlationId: id, causationId: id, actor: null, time: new Date(0).toISOString() }, newEventId),
      'any',
    )
  ).position;
}
const credits = async () =>
  (await store.readStream(payoutsStream(OWNER))).filter((e) => PayoutCredited.is(e)).map((e) => e.data as { downloads: number; source_position: number });

describe('revenue accrual in two processes', () => {
  it('kill -9 of the active process mid-stream: the other takes over and every download is credited exactly once', async () => {
    await append(projectStream(PROJECT), [
      ProjectCreated({
        ...projectFields({ slug: 'killed' }),
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
    const byHolder = new Map([
      ['one', replica('one')],
      ['two', replica('two')],
    ]);
    const first = await until(async () => (await leases.current(REVENUE_ACCRUAL))?.holder ?? null, 'a replica holds the lease');

    for (let count = 1; count <= 15; count++) await append(downloadsStream(PROJECT), [DownloadsCounted({ project_id: PROJECT, version_id: null, count })]);
    await until(async () => (await credits()).length >= 1, 'the first replica is crediting');
    byHolder.get(first)!.kill('SIGKILL'); // most likely in the middle of the fifteen
    for (let count = 16; count <= 30; count++) await append(downloadsStream(PROJECT), [DownloadsCounted({ project_id: PROJECT, version_id: null, count })]);

    const second = await until(async () => {
      const holder = (await leases.current(REVENUE_ACCRUAL))?.holder;
      return holder && holder !== first ? holder : null;
    }, 'the other replica takes over');
    expect(second).not.toBe(first);
    await until(async () => (await credits()).length >= 30, 'all thirty are credited');
    // the survivor commits past the head: anything it would still do is done
    const head = await store.headPosition();
    await until(async () => (await leases.position(REVENUE_ACCRUAL)) >= head, 'the survivor committed past the head');

    const got = await credits();
    expect(got.map((c) => c.downloads)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(got.map((c) => c.source_position)).size).toBe(30);
  }, 120_000);
});
