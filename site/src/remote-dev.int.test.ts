/**
 * `npm run dev -w mfe-moderation` against a running site: the remote comes from its own watch build,
 * everything else (shell page, other remotes, API) from the site. It runs on a copy of the package
 * (inside the repository, so its imports resolve), so that the test can change a source.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from './index';

const ROOT = resolve(import.meta.dirname, '../..');

interface ManifestEntry {
  name: string;
  entry: string;
  version: string;
  routes: string[];
}
interface Manifest {
  buildId: string;
  remotes: ManifestEntry[];
}

describe('a remote running alone in development', () => {
  let site: Site;
  let dataDir: string;
  let dev: ChildProcess;
  let devUrl: string;
  let copyRoot: string;
  let pkgDir: string;
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'modshelf-remote-dev-'));
    site = await startSite({ env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent' } });
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    copyRoot = mkdtempSync(join(ROOT, '.tmp', 'remote-dev-'));
    pkgDir = join(copyRoot, 'mfe-moderation');
    cpSync(join(ROOT, 'mfe-moderation'), pkgDir, { recursive: true, filter: (src) => !/[\\/]dist$|\.test\.tsx?$/.test(src) });
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // what `npm run dev` runs, with the path made absolute for the copy
    const [command, script] = pkg.scripts.dev!.split(' ');
    dev = spawn(command === 'node' ? process.execPath : command!, [join(ROOT, 'mfe-moderation', script!)], {
      cwd: pkgDir,
      env: { ...process.env, SITE_URL: site.url, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    devUrl = await new Promise<string>((res, rej) => {
      const onData = (b: Buffer) => {
        output += b.toString();
        const m = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m) res(m[1]!);
      };
      dev.stdout!.on('data', onData);
      dev.stderr!.on('data', onData);
      dev.on('exit', (code) => rej(new Error(`the dev server exited ${code}:\n${output}`)));
    });
  }, 600_000);

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((r) => dev.once('exit', r));
      dev.kill('SIGTERM');
      await exited;
    }
    await site?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (copyRoot) rmSync(copyRoot, { recursive: true, force: true });
  }, 60_000);

  it("is started by the package's dev script", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'mfe-moderation', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.dev).toBe('node ../web-kit/build/dev.mjs');
  });

  it("puts its own build into the site's manifest and serves its entry", async () => {
    const fromSite = (await (await fetch(`${site.url}/remotes.json`)).json()) as Manifest;
    const res = await fetch(`${devUrl}/remotes.json`, { signal: AbortSignal.timeout(300_000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as Manifest;
    const mine = manifest.remotes.find((r) => r.name === 'moderation')!;
    expect(mine.version).toMatch(/^0\.1\.0\+dev#[0-9a-f]{10}$/);
    expect(mine.entry).toBe(`/remotes/moderation/remoteEntry.js?v=${encodeURIComponent(mine.version)}`);
    expect(mine.routes).toEqual(['/moderation', '/admin']);
    // the other parts are the site's own
    const others = (m: Manifest) =>
      m.remotes
        .filter((r) => r.name !== 'moderation')
        .map((r) => r.entry)
        .sort();
    expect(others(manifest)).toEqual(others(fromSite));
    expect(manifest.buildId.startsWith(`${fromSite.buildId}-dev-`)).toBe(true);

    const entry = await fetch(`${devUrl}${mine.entry}`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    const js = await entry.text();
    expect(js).toContain('moderation');
    // not the site's copy of the entry
    const siteEntry = await fetch(`${site.url}/remotes/moderation/remoteEntry.js`);
    expect(js).not.toBe(siteEntry.status === 200 ? await siteEntry.text() : '');
    expect((await fetch(`${devUrl}/remotes/moderation/no-such-chunk.js`)).status).toBe(404);
  });

  it("answers the build id it puts in the manifest, with the site's route rules", async () => {
    const { buildId } = (await (await fetch(`${devUrl}/remotes.json`)).json()) as Manifest;
    const latest = (await (await fetch(`${devUrl}/builds/latest.json`)).json()) as { id: string };
    expect(latest.id).toBe(buildId);
    const meta = await fetch(`${devUrl}/builds/meta/${encodeURIComponent(buildId)}.json`);
    expect(meta.status).toBe(200);
    expect(((await meta.json()) as { id: string; matcher: { static: Record<string, unknown> } }).matcher.static['/mod']).toEqual({ redirect: '/mods' });
  });

  it('passes pages and the API through to the site', async () => {
    const page = await fetch(`${devUrl}/moderation`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toBe(await (await fetch(`${site.url}/moderation`)).text());
    expect((await fetch(`${devUrl}/no-such-page-xyz`)).status).toBe(404);

    const tags = await fetch(`${devUrl}/v2/tag/category`);
    expect(tags.status).toBe(200);
    expect(await tags.json()).toEqual(await (await fetch(`${site.url}/v2/tag/category`)).json());
    const signIn = await fetch(`${devUrl}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    expect(signIn.status).toBeLessThan(500);
  });

  it('rebuilds when a source changes, and answers the new build', async () => {
    const before = (await (await fetch(`${devUrl}/remotes.json`)).json()) as Manifest;
    const file = join(pkgDir, 'src', 'access.tsx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Only administrators can open this page.', 'Administrators only (changed).'));
    let after = before;
    for (let i = 0; i < 240 && after.buildId === before.buildId; i++) {
      await new Promise((r) => setTimeout(r, 500));
      after = (await (await fetch(`${devUrl}/remotes.json`)).json()) as Manifest;
    }
    expect(after.buildId).not.toBe(before.buildId);
    const entry = after.remotes.find((r) => r.name === 'moderation')!;
    expect(entry.version).not.toBe(before.remotes.find((r) => r.name === 'moderation')!.version);
    expect((await fetch(`${devUrl}${entry.entry}`)).status).toBe(200);
    expect(((await (await fetch(`${devUrl}/builds/latest.json`)).json()) as { id: string }).id).toBe(after.buildId);
  }, 180_000);
});
