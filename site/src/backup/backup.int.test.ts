import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteCredentialStore } from '@modshelf/events';
import { startSite, type Site } from '../index';

const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const npm = (args: string[], env: Record<string, string>) =>
  run('npm', ['run', '-s', ...args], { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 16 << 20 });

type Ack =
  | { kind: 'project'; id: string }
  | { kind: 'version'; id: string; projectId: string; sha512: string; bytes: Buffer }
  | { kind: 'user'; username: string; password: string };

const KEY = 'backup-test-internal-key';
const ADMIN = { ADMIN_USERNAME: 'backup_admin', ADMIN_PASSWORD: 'backup-admin-password' };

describe('npm run backup under write load, npm run restore, and a replay of the restored folder', () => {
  let root: string;
  let site: Site | null = null;
  const savedKey = process.env.RATE_LIMIT_KEY;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'backup-'));
    // the writers below send this key, so the per-IP limit does not throttle the load
    process.env.RATE_LIMIT_KEY = KEY;
  });
  afterAll(async () => {
    await site?.close();
    if (savedKey === undefined) delete process.env.RATE_LIMIT_KEY;
    else process.env.RATE_LIMIT_KEY = savedKey;
    rmSync(root, { recursive: true, force: true });
  });

  const start = (dataDir: string) =>
    startSite({ web: false, env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent', ...ADMIN } });

  async function signIn(s: Site, username: string, password: string): Promise<Response> {
    return fetch(`${s.url}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ratelimit-key': KEY },
      body: JSON.stringify({ username, password }),
    });
  }

  it('keeps every write acknowledged before the backup started, and the restored folder replays equal', async () => {
    const live = join(root, 'live');
    site = await start(live);
    const s = site;
    const session: string = (await (await signIn(s, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD)).json()).session;
    const auth = { authorization: session, 'x-ratelimit-key': KEY };
    const gameVersion: string = (await (await fetch(`${s.url}/v2/tag/game_version`)).json())[0].version;
    const loader: string = (await (await fetch(`${s.url}/v2/tag/loader`)).json()).find((l: { supported_project_types: string[] }) =>
      l.supported_project_types.includes('mod'),
    ).name;

    const acked: Ack[] = [];
    let stop = false;
    let n = 0;
    const form = (data: unknown, file?: Buffer) => {
      const f = new FormData();
      f.append('data', JSON.stringify(data));
      if (file) f.append('file0', new Blob([new Uint8Array(file)], { type: 'application/java-archive' }), 'file0.jar');
      return f;
    };
    const post = async (url: string, body: FormData | string) => {
      const res = await fetch(`${s.url}${url}`, {
        method: 'POST',
        headers: typeof body === 'string' ? { ...auth, 'content-type': 'application/json' } : auth,
        body,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${text}`);
      return JSON.parse(text);
    };
    /** One writer: creates projects, publishes versions with fresh files into them, now and then signs a user up. */
    const writer = async (w: number) => {
      const mine: string[] = [];
      while (!stop) {
        const i = n++;
        if (i % 9 === 4 && i < 80) {
          const username = `loaduser_${w}_${i}`;
          const password = `pw-${randomBytes(6).toString('hex')}-long`;
          const res = await fetch(`${s.url}/v2/auth/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ratelimit-key': KEY },
            body: JSON.stringify({ username, password, email: `${username}@example.invalid` }),
          });
          if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
          acked.push({ kind: 'user', username, password });
        } else if (mine.length === 0 || i % 3 === 0) {
          const p = await post(
            '/v2/project',
            form({
              slug: `load-${w}-${i}`,
              title: `Load ${w} ${i}`,
              description: 'made under write load',
              body: 'body',
              license_id: 'MIT',
              project_type: 'mod',
              categories: ['utility'],
              client_side: 'required',
              server_side: 'optional',
              is_draft: true,
              initial_versions: [],
            }),
          );
          mine.push(p.id);
          acked.push({ kind: 'project', id: p.id });
        } else {
          const projectId = mine[i % mine.length];
          const bytes = randomBytes(2048 + (i % 7) * 512);
          const v = await post(
            '/v2/version',
            form(
              {
                project_id: projectId,
                name: `v${i}`,
                version_number: `1.0.${i}`,
                changelog: 'load',
                dependencies: [],
                game_versions: [gameVersion],
                version_type: 'release',
                loaders: [loader],
                featured: false,
                status: 'listed',
                file_parts: ['file0'],
                primary_file: 'file0',
              },
              bytes,
            ),
          );
          acked.push({ kind: 'version', id: v.id, projectId, sha512: createHash('sha512').update(bytes).digest('hex'), bytes });
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    const failed = Promise.all(writers).then(
      () => null,
      (err) => err,
    );
    await expect.poll(() => acked.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(40);

    // every write acknowledged before the backup starts; the writers keep going meanwhile
    const before = [...acked];
    const dest = join(root, 'backup-1');
    const backup = await npm(['backup', '--', dest], { DATA_DIR: live });
    const during = acked.length - before.length;
    stop = true;
    expect(await failed).toBeNull();
    const manifest = JSON.parse(backup.stdout.trim().split('\n').pop()!);
    expect(manifest).toMatchObject({ format: 'modshelf-backup', version: 1 });
    expect(manifest.blobs.count).toBeGreaterThanOrEqual(before.filter((a) => a.kind === 'version').length);
    expect(manifest.unresolved_references).toBe(0);
    expect(Object.keys(manifest.databases).sort()).toEqual(['billing.db', 'credentials.db', 'events.db', 'idempotency.db', 'payouts.db']);
    expect(JSON.parse(readFileSync(join(dest, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(during).toBeGreaterThan(0); // the site took writes while the backup ran
    console.log(
      `backup under load: ${before.length} writes acknowledged before it started, ${during} more while it ran; ` +
        `log head ${manifest.event_log.head_position}, ${manifest.blobs.count} blobs (${manifest.blobs.bytes} bytes)`,
    );
    await site.close();
    site = null;
    // a backup never writes into a folder that is not empty
    await expect(npm(['backup', '--', dest], { DATA_DIR: live })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('exists and is not empty'),
    });

    // restore refuses a folder that is not empty, and changes nothing in it
    await expect(npm(['restore', '--', dest], { DATA_DIR: live })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/restore refused: DATA_DIR .* is not empty/),
    });
    expect(existsSync(join(live, 'events.db'))).toBe(true);
    // a folder that is not a backup is refused too
    mkdirSync(join(root, 'not-a-backup'));
    writeFileSync(join(root, 'not-a-backup', 'events.db'), '');
    await expect(npm(['restore', '--', join(root, 'not-a-backup')], { DATA_DIR: join(root, 'x') })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not a Modshelf backup'),
    });
    expect(existsSync(join(root, 'x'))).toBe(false);

    // a sign-up caught between the log's copy and the vault's: in the vault, never registered in the log
    const vault = new SqliteCredentialStore({ path: join(dest, 'credentials.db') });
    await vault.createAccount({
      userId: 'GhostUsr',
      username: 'ghost_user',
      email: 'ghost@example.invalid',
      emailVerified: false,
      passwordHash: null,
      role: 'developer',
    });
    await vault.close();

    const restored = join(root, 'restored');
    const out = await npm(['restore', '--', dest], { DATA_DIR: restored });
    const report = JSON.parse(out.stdout.trim().split('\n').pop()!);
    expect(report).toMatchObject({ head_position: manifest.event_log.head_position, blobs: manifest.blobs.count, orphaned_accounts_removed: 1, failures: [] });

    site = await start(restored);
    const r = site;
    const rsession: string = (await (await signIn(r, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD)).json()).session;
    const missing: string[] = [];
    for (const a of before) {
      if (a.kind === 'user') {
        if ((await signIn(r, a.username, a.password)).status !== 200) missing.push(`user ${a.username}`);
      } else if (a.kind === 'project') {
        if ((await fetch(`${r.url}/v2/project/${a.id}`, { headers: { authorization: rsession } })).status !== 200) missing.push(`project ${a.id}`);
      } else {
        const res = await fetch(`${r.url}/v2/version/${a.id}`, { headers: { authorization: rsession } });
        if (res.status !== 200) {
          missing.push(`version ${a.id}`);
          continue;
        }
        const file = (await res.json()).files[0];
        const download = await fetch(file.url.replace(/^https?:\/\/[^/]+/, r.url), { headers: { authorization: rsession } });
        const got = Buffer.from(await download.arrayBuffer());
        if (download.status !== 200 || !got.equals(a.bytes) || file.hashes.sha512 !== a.sha512) missing.push(`file of version ${a.id}`);
      }
    }
    expect(missing).toEqual([]);
    expect(before.filter((a) => a.kind === 'user').length).toBeGreaterThan(0);
    // the orphan's name and address are free again
    const again = await fetch(`${r.url}/v2/auth/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ratelimit-key': KEY },
      body: JSON.stringify({ username: 'ghost_user', password: 'a-fresh-long-password', email: 'ghost@example.invalid' }),
    });
    expect(again.status).toBe(200);
    await site.close();
    site = null;

    const replay = await npm(['replay'], { DATA_DIR: restored });
    const replayed = JSON.parse(replay.stdout);
    expect(replayed).toMatchObject({ equal: true, differences: [], failures: [] });
    // the restored site's own sign-ins appended after the restored head
    expect(replayed.position).toBeGreaterThanOrEqual(manifest.event_log.head_position);
  }, 240_000);
});
