import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { cacheControlFor, ensureWebBuilt, IMMUTABLE, needsBuild, NO_CACHE, registerWeb, withLanguage, withPageMeta } from './web';

let root: string;
let app: FastifyInstance;

function remoteJson(version: string) {
  return JSON.stringify({ name: 'catalogue', version, entry: 'remoteEntry.js', expose: './routes', routes: ['/'] });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'modshelf-web-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  mkdirSync(join(root, 'mfe-catalogue', 'dist'), { recursive: true });
  writeFileSync(join(root, 'shell', 'package.json'), '{}');
  writeFileSync(join(root, 'mfe-catalogue', 'package.json'), '{}');
  writeFileSync(
    join(root, 'shell', 'dist', 'index.html'),
    '<html><head><title>Modshelf</title><meta name="description" content="d"><meta property="og:title" content="Modshelf"><meta property="og:description" content="d"></head><body>SHELL</body></html>',
  );
  writeFileSync(join(root, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1)');
  writeFileSync(join(root, 'mfe-catalogue', 'dist', 'remoteEntry.js'), 'var catalogue;');
  writeFileSync(join(root, 'mfe-catalogue', 'dist', '70.abcdef0123.js'), 'chunk');
  writeFileSync(join(root, 'mfe-catalogue', 'dist', 'remote.json'), remoteJson('0.1.0#aaa'));
  app = Fastify();
  app.get('/v2/project/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (id !== 'cool') return reply.code(404).send();
    return { title: 'Cool <Mod>', description: 'Does "cool" things' };
  });
  app.get('/health', async () => ({ ok: true }));
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'not_found', description: 'the requested route does not exist' }));
  await registerWeb(app, { rootDir: root, site: { community_url: 'https://community.example/modshelf', staging: true } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('registerWeb', () => {
  it('serves the shell at / and falls back to index.html for page paths', async () => {
    for (const url of ['/', '/mods?q=x', '/user/alice', '/dashboard/projects']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('SHELL');
      expect(res.headers['cache-control']).toBe(NO_CACHE);
    }
  });
  it('never falls back for the API, /health or /metrics', async () => {
    const api = await app.inject({ url: '/v2/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'not_found', description: 'the requested route does not exist' });
    expect((await app.inject({ url: '/health' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/v2' })).statusCode).toBe(404);
  });
  it('answers a path that is no page with 404 and the shell page titled "Page Not Found"', async () => {
    for (const url of ['/no-such-page-xyz', '/no-such-page-xyz?hl=ru', '/modsx', '/legalese', '/dashboardx/projects']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('SHELL');
      expect(res.body).toContain('<title>Page Not Found - Modshelf</title>');
    }
    // the shell's own pages, every part's routes (deployed or not), route rules: real pages
    for (const url of [
      '/legal',
      '/legal/rules',
      '/report',
      '/flags',
      '/settings/profile',
      '/auth/sign-in',
      '/moderation',
      '/admin/x',
      '/mod/anything',
      '/collection/c',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('Page Not Found');
    }
    expect((await app.inject({ url: '/discord' })).statusCode).toBe(302);
  });
  it("knows the pages a deployed remote declares beyond the shell's table", async () => {
    expect((await app.inject({ url: '/wiki/page' })).statusCode).toBe(404);
    mkdirSync(join(root, 'mfe-wiki', 'dist'), { recursive: true });
    writeFileSync(join(root, 'mfe-wiki', 'package.json'), '{}');
    writeFileSync(
      join(root, 'mfe-wiki', 'dist', 'remote.json'),
      JSON.stringify({ name: 'wiki', version: '1', entry: 'remoteEntry.js', expose: './routes', routes: ['/wiki'] }),
    );
    try {
      expect((await app.inject({ url: '/wiki/page' })).statusCode).toBe(200);
    } finally {
      rmSync(join(root, 'mfe-wiki'), { recursive: true, force: true });
    }
  });
  it('serves hashed chunks as immutable and entries as no-cache', async () => {
    const chunk = await app.inject({ url: '/main.0123456789.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['content-type']).toContain('javascript');
    const entry = await app.inject({ url: '/remotes/catalogue/remoteEntry.js?v=1' });
    expect(entry.body).toBe('var catalogue;');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect((await app.inject({ url: '/remotes/catalogue/70.abcdef0123.js' })).headers['cache-control']).toBe(IMMUTABLE);
    expect((await app.inject({ url: '/remotes/catalogue/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/catalogue/..%2F..%2Fshell%2Fpackage.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/missing.0123456789.js' })).statusCode).toBe(404);
  });
  it('publishes the remotes manifest and a build id that changes when a remote is redeployed', async () => {
    const m1 = await app.inject({ url: '/remotes.json' });
    expect(m1.headers['cache-control']).toBe(NO_CACHE);
    const body = m1.json();
    // the site's configuration for the front end (COMMUNITY_URL, STAGING)
    expect(body.site).toEqual({ community_url: 'https://community.example/modshelf', staging: true });
    expect(body.remotes).toEqual([expect.objectContaining({ name: 'catalogue', entry: '/remotes/catalogue/remoteEntry.js?v=0.1.0%23aaa', routes: ['/'] })]);
    const latest1 = (await app.inject({ url: '/builds/latest.json' })).json();
    expect(latest1.id).toBe(body.buildId);
    const meta = await app.inject({ url: `/builds/meta/${latest1.id}.json` });
    expect(meta.json()).toMatchObject({ id: latest1.id, matcher: expect.any(Object) });
    writeFileSync(join(root, 'mfe-catalogue', 'dist', 'remote.json'), remoteJson('0.1.0#bbb'));
    const latest2 = await app.inject({ url: '/builds/latest.json' });
    expect(latest2.headers['cache-control']).toBe(NO_CACHE);
    expect(latest2.json().id).not.toBe(latest1.id);
    expect((await app.inject({ url: `/builds/meta/${latest1.id}.json` })).statusCode).toBe(404);
  });
  it('applies the route rules (also published in the build meta), external ones too', async () => {
    const res = await app.inject({ url: '/modpack' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/modpacks');
    expect((await app.inject({ url: '/mod/' })).headers.location).toBe('/mods');
    expect((await app.inject({ url: '/discord' })).headers.location).toMatch(/^https:\/\/discord/);
    expect((await app.inject({ url: '/mod/some-project' })).statusCode).toBe(200);
    const { id } = (await app.inject({ url: '/builds/latest.json' })).json();
    const meta = (await app.inject({ url: `/builds/meta/${id}.json` })).json();
    expect(meta.matcher.static['/modpack']).toEqual({ redirect: '/modpacks' });
  });

  it('puts a project page title and summary into the HTML for link previews', async () => {
    const res = await app.inject({ url: '/mod/cool/versions' });
    expect(res.body).toContain('<title>Cool &lt;Mod&gt; - Modshelf</title>');
    expect(res.body).toContain('<meta name="description" content="Does &quot;cool&quot; things">');
    expect(res.body).toContain('<meta property="og:title" content="Cool &lt;Mod&gt;">');
    expect((await app.inject({ url: '/mod/unknown' })).body).toContain('<title>Modshelf</title>');
  });
});

describe('site configuration for the front end', () => {
  it('COMMUNITY_URL and STAGING: defaults, values, and bad values refused at start-up', () => {
    expect(loadConfig({})).toMatchObject({ COMMUNITY_URL: 'https://discord.gg/modshelf', STAGING: false });
    expect(loadConfig({ COMMUNITY_URL: 'https://forum.example.org/', STAGING: 'true' })).toMatchObject({
      COMMUNITY_URL: 'https://forum.example.org/',
      STAGING: true,
    });
    expect(() => loadConfig({ COMMUNITY_URL: 'javascript:alert(1)' })).toThrow(/COMMUNITY_URL/);
    expect(() => loadConfig({ STAGING: 'yes' })).toThrow(/STAGING/);
  });
});

describe('helpers', () => {
  it('cache policy by file name', () => {
    expect(cacheControlFor('/x/index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/remoteEntry.js')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/remote.json')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/435.9f3ced3167.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/logo.svg')).toBe(NO_CACHE);
  });
  it('withLanguage sets html lang and the alternate links with x-default', () => {
    const out = withLanguage('<html lang="en-US"><head></head></html>', 'http://h', '/mods?q=a&hl=ru');
    expect(out).toContain('<html lang="ru"');
    expect(out).toContain('<link rel="alternate" hreflang="en-US" href="http://h/mods?q=a">');
    expect(out).toContain('<link rel="alternate" hreflang="ru" href="http://h/mods?q=a&amp;hl=ru">');
    expect(out).toContain('<link rel="alternate" hreflang="x-default" href="http://h/mods?q=a">');
    expect(withLanguage('<html lang="en-US"><head></head>', 'http://h', '/?hl=xx')).toContain('<html lang="en-US"');
  });
  it('withPageMeta escapes', () => {
    expect(withPageMeta('<title>a</title>', '<b>', '')).toBe('<title>&lt;b&gt; - Modshelf</title>');
  });
  it('ensureWebBuilt skips packages that are already built and newer than their sources', async () => {
    expect(needsBuild(root, 'shell')).toBe(false);
    expect(await ensureWebBuilt(root)).toEqual([]);
    mkdirSync(join(root, 'shell', 'src'), { recursive: true });
    const later = new Date(Date.now() + 60_000);
    writeFileSync(join(root, 'shell', 'src', 'App.tsx'), 'export {}');
    utimesSync(join(root, 'shell', 'src', 'App.tsx'), later, later);
    expect(needsBuild(root, 'shell')).toBe(true);
    expect(needsBuild(root, 'mfe-catalogue')).toBe(false);
    rmSync(join(root, 'shell', 'src'), { recursive: true });
    expect(needsBuild(root, 'shell')).toBe(false);
  });
});
