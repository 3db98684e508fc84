import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { startSite, type Site } from './index';
import { freePort } from '@modshelf/service-kit/free-port';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the embedded site', () => {
  let site: Site;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'site-'));
    site = await startSite({
      web: false,
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_PROJECTS: '12',
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: 'root_admin',
        ADMIN_PASSWORD: 'root-admin-password',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills a demo catalogue through real commands on first start', async () => {
    const res = await fetch(`${site.url}/v2/search?limit=100`);
    const body = await res.json();
    expect(body.total_hits).toBe(12);
    const types = new Set(body.hits.map((h: { project_type: string }) => h.project_type));
    expect(types).toEqual(new Set(['mod', 'modpack', 'server']));
    // every demo event came from a command with an actor
    const events = await site.store.readAll();
    expect(events.some((e) => e.type === 'VersionPublished')).toBe(true);
    expect(events.filter((e) => e.type !== 'DemoCatalogueSeeded').every((e) => typeof e.metadata.commandId === 'string')).toBe(true);
  });

  it('serves files at the URLs its answers give, and finds versions by sha512', async () => {
    const hit = (await (await fetch(`${site.url}/v2/search?limit=1`)).json()).hits[0];
    const versions = await (await fetch(`${site.url}/v2/project/${hit.project_id}/version`)).json();
    const file = versions[0].files[0];
    expect(file.url.startsWith(site.config.publicUrl)).toBe(true);
    const download = await fetch(file.url.replace('localhost', '127.0.0.1'));
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    const { createHash } = await import('node:crypto');
    expect(createHash('sha512').update(bytes).digest('hex')).toBe(file.hashes.sha512);
    const byHash = await fetch(`${site.url}/v2/version_file/${file.hashes.sha512}?algorithm=sha512`);
    expect(byHash.status).toBe(200);
    expect((await byHash.json()).id).toBe(versions[0].id);
  });

  it('answers health and Prometheus metrics with projection lag', async () => {
    const health = await (await fetch(`${site.url}/health`)).json();
    expect(health.status).toBe('ok');
    // startSite resolves once ready: the seed and the projections' catch-up are done
    expect(health).toMatchObject({ live: true, ready: true, seed: { state: 'done' } });
    expect((await fetch(`${site.url}/health/ready`)).status).toBe(200);
    expect(health.event_log_head).toBeGreaterThan(0);
    const metrics = await (await fetch(`${site.url}/metrics`)).text();
    expect(metrics).toMatch(/modshelf_projection_lag_events \d+/);
    expect(metrics).toMatch(/modshelf_http_requests_total/);
    expect(metrics).toMatch(/modshelf_ready 1/);
    // the only replica holds the revenue accrual's lease
    expect(metrics).toMatch(/modshelf_process_manager_active\{name="revenue-accrual"\} 1/);
    // a first start: the search index read its (no) rows; proof/crash/search-restart.proof.ts shows a start after kill -9
    expect(metrics).toMatch(/modshelf_search_loaded\{from="rows"\} 0/);
    expect(metrics).toMatch(/modshelf_search_load_seconds \d/);
  });

  it('makes sure the configured admin exists and can sign in', async () => {
    const res = await fetch(`${site.url}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root_admin', password: 'root-admin-password' }),
    });
    expect(res.status).toBe(200);
    const { session } = await res.json();
    const me = await (await fetch(`${site.url}/v2/user`, { headers: { authorization: session } })).json();
    expect(me.username).toBe('root_admin');
    expect(me.role).toBe('admin');
  });

  it('answers unknown routes and bad input in the error shape', async () => {
    const nf = await fetch(`${site.url}/v2/no-such-route`);
    expect(nf.status).toBe(404);
    expect(await nf.json()).toEqual({ error: 'not_found', description: 'the requested route does not exist' });
    const bad = await fetch(`${site.url}/v2/search?facets=not-json`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('invalid_input');
    const head = await site.store.headPosition();
    const malformed = await fetch(`${site.url}/v2/auth/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(malformed.status).toBe(400);
    expect(await site.store.headPosition()).toBe(head);
  });

  it('lets a reader see its own write at once (read-your-writes)', async () => {
    const signUp = await fetch(`${site.url}/v2/auth/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ryw_user', password: 'a long password', email: 'ryw@example.org' }),
    });
    const { session } = await signUp.json();
    // the new account is readable at once by a reader that sends back the sign-up's position
    const signUpPosition = signUp.headers.get('x-modshelf-position');
    expect(Number(signUpPosition)).toBeGreaterThan(0);
    const registered = (await site.store.readAll()).find((e) => e.type === 'UserRegistered' && (e.data as { username: string }).username === 'ryw_user');
    expect(registered!.position).toBeLessThanOrEqual(Number(signUpPosition));
    const me = await fetch(`${site.url}/v2/user`, { headers: { authorization: session, 'x-modshelf-min-position': signUpPosition! } });
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe('ryw_user');
    const hit = (await (await fetch(`${site.url}/v2/search?limit=1`)).json()).hits[0];
    const follow = await fetch(`${site.url}/v2/project/${hit.project_id}/follow`, { method: 'POST', headers: { authorization: session } });
    expect(follow.status).toBe(204);
    const position = follow.headers.get('x-modshelf-position');
    expect(Number(position)).toBeGreaterThan(0);
    const project = await (await fetch(`${site.url}/v2/project/${hit.project_id}`, { headers: { 'x-modshelf-min-position': position! } })).json();
    expect(project.followers).toBe(hit.follows + 1);
  });
});

describe('durability', () => {
  it('never loses an acknowledged command to a kill -9 the moment after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-kill-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'site/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, SEED: 'false', WEB: 'false', LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`${url}/health`)).ok) break;
        } catch {
          /* starting */
        }
        if (i > 300) throw new Error('site did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      const res = await fetch(`${url}/v2/auth/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'survivor', password: 'a long password', email: 'survivor@example.org' }),
      });
      expect(res.status).toBe(200);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const events = await store.readAll();
      await store.close();
      expect(events.some((e) => e.type === 'UserRegistered' && (e.data as { username: string }).username === 'survivor')).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
