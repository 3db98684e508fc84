import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { freePort } from '@modshelf/service-kit/free-port';
import { DEMO_USERS } from './demo-catalogue';

const ROOT = resolve(import.meta.dirname, '../../..');
const SEED_PROJECTS = '6';

interface Health {
  ready: boolean;
  not_ready_reason?: string;
  seed: { state: string; phase?: string; done?: number; total?: number };
}

/** The real `npm start` process on an empty or existing DATA_DIR, on a port the OS found free. */
async function start(dir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'site/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, SEED_PROJECTS, WEB: 'false', LOG_LEVEL: 'info', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out };
}

async function health(url: string): Promise<Health | null> {
  try {
    return (await (await fetch(`${url}/health`)).json()) as Health;
  } catch {
    return null; // not listening yet
  }
}

type Site = Awaited<ReturnType<typeof start>>;

/** Whether the process has ended (an exit code, or killed by a signal). */
const exited = (p: Site) => p.child.exitCode !== null || p.child.signalCode !== null;

/** Polls /health until `until` holds; fails if the process exits or `limitMs` passes. */
async function watch(p: Site, until: (h: Health) => boolean, what: string, limitMs = 150_000): Promise<Health> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (exited(p)) throw new Error(`the site exited (${p.child.exitCode}) before ${what}:\n${p.output().slice(-3000)}`);
    const h = await health(p.url);
    if (h && until(h)) return h;
    if (h?.ready) throw new Error(`the site became ready before ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last health ${JSON.stringify(h)}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Waits until the process has logged `text` (a log line may reach the pipe after /health changed). */
async function waitForOutput(p: Site, text: string, limitMs = 30_000): Promise<string> {
  const deadline = Date.now() + limitMs;
  while (!p.output().includes(text)) {
    if (exited(p) || Date.now() > deadline) throw new Error(`no '${text}' in the log:\n${p.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return p.output();
}

async function kill(p: Site): Promise<void> {
  if (exited(p)) return;
  const gone = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGKILL');
  await gone;
}

/** What the catalogue holds, as a reader sees it and as the event log records it. */
async function census(url: string, dir: string) {
  const search = await (await fetch(`${url}/v2/search?limit=100`)).json();
  const hits = search.hits as Array<{ downloads: number; follows: number }>;
  const users = await (await fetch(`${url}/v2/users?ids=${encodeURIComponent(JSON.stringify(DEMO_USERS))}`)).json();
  let collections = 0;
  let organizations = 0;
  for (const name of DEMO_USERS) {
    collections += (await (await fetch(`${url}/v2/user/${name}/collections`)).json()).length;
    organizations += (await (await fetch(`${url}/v2/user/${name}/organizations`)).json()).length;
  }
  const api = {
    projects: search.total_hits,
    users: users.length,
    downloads: hits.reduce((n, h) => n + h.downloads, 0),
    follows: hits.reduce((n, h) => n + h.follows, 0),
    collections,
    organizations,
  };
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const events = await store.readAll();
  await store.close();
  const types = [
    'UserRegistered',
    'ProjectCreated',
    'ProjectEdited',
    'ProjectIconChanged',
    'GalleryImageAdded',
    'VersionPublished',
    'ProjectStatusChanged',
    'OrganizationCreated',
    'OrganizationIconChanged',
    'CollectionCreated',
    'CollectionEdited',
    'ProjectFollowed',
    'ProjectUnfollowed',
    'DemoCatalogueSeeded',
  ];
  const log: Record<string, number> = Object.fromEntries(types.map((t) => [t, events.filter((e) => e.type === t).length]));
  log.downloadsCounted = events.filter((e) => e.type === 'DownloadsCounted').reduce((n, e) => n + (e.data as { count: number }).count, 0);
  const seeded = events.find((e) => e.type === 'DemoCatalogueSeeded')?.data;
  return { api, log, seeded };
}

describe('the demo seed, interrupted by kill -9 and started again', () => {
  const dirs: string[] = [];
  const running: Site[] = [];
  afterAll(async () => {
    for (const p of running) await kill(p);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'seed-resume-'));
    dirs.push(d);
    return d;
  };

  it('finishes the same catalogue as an uninterrupted seed, after kills early, mid-way and just before the end', async () => {
    // the reference: one uninterrupted first start
    const refDir = tempDir();
    const ref = await start(refDir);
    running.push(ref);
    // while seeding: live, not ready, and the API says so on its answers
    await watch(ref, (h) => h.seed.state === 'running' && h.seed.phase === 'projects', 'the projects phase');
    const notReady = await fetch(`${ref.url}/health/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: 'not_ready', ready: false, not_ready_reason: 'seeding' });
    expect((await fetch(`${ref.url}/health/live`)).status).toBe(200);
    const during = await fetch(`${ref.url}/v2/tag/category`);
    expect(during.status).toBe(200);
    expect(during.headers.get('x-modshelf-not-ready')).toBe('seeding');
    await watch(ref, (h) => h.ready, 'ready', 300_000);
    expect((await fetch(`${ref.url}/health/ready`)).status).toBe(200);
    const after = await fetch(`${ref.url}/v2/tag/category`);
    expect(after.headers.get('x-modshelf-not-ready')).toBeNull();
    // the log lines agree: listening (not ready) first, ready after the seed
    const lines = await waitForOutput(ref, 'Modshelf is ready');
    expect(lines.indexOf('Modshelf is listening')).toBeGreaterThan(-1);
    expect(lines.indexOf('not ready: seeding')).toBeGreaterThan(lines.indexOf('Modshelf is listening') - 1);
    expect(lines.indexOf('Modshelf is ready')).toBeGreaterThan(lines.indexOf('demo catalogue seeded'));
    const expected = await census(ref.url, refDir);
    await kill(ref);

    // the same catalogue, with kill -9 at three points of the seed
    const dir = tempDir();
    const points: Array<[string, (h: Health) => boolean]> = [
      ['early (signing up the authors)', (h) => h.seed.phase === 'users' && (h.seed.done ?? 0) >= 5],
      ['mid-way (half the projects)', (h) => h.seed.phase === 'projects' && (h.seed.done ?? 0) >= Number(SEED_PROJECTS) / 2],
      ['just before the end (after the projects)', (h) => ['organizations', 'collections', 'follows'].includes(h.seed.phase ?? '')],
    ];
    for (const [what, when] of points) {
      const p = await start(dir);
      running.push(p);
      await watch(p, (h) => h.seed.state === 'running' && when(h), what);
      await kill(p);
    }
    const last = await start(dir);
    running.push(last);
    await watch(last, (h) => h.ready, 'ready after the restarts', 300_000);
    expect(await waitForOutput(last, 'Modshelf is ready')).toMatch(/Modshelf is ready/);
    const resumed = await census(last.url, dir);
    await kill(last);

    expect(expected.api.projects).toBe(Number(SEED_PROJECTS));
    expect(expected.api.users).toBe(DEMO_USERS.length);
    expect(expected.log.DemoCatalogueSeeded).toBe(1);
    expect(expected.api.follows).toBeGreaterThan(0);
    expect(resumed.api).toEqual(expected.api);
    expect(resumed.log).toEqual(expected.log);
    expect(resumed.seeded).toEqual(expected.seeded);
  }, 900_000);
});
