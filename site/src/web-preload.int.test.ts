/** registerWeb over a small built front end and a fake API: the preload hints and the inlined first reads of a page. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web';
import { warmMarkdownRenderer } from './web-markdown';

let root: string;
let app: FastifyInstance;

function inlined(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="ms-preloaded">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : {};
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'modshelf-web-preload-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('shell/package.json', '{}');
  write('shell/dist/index.html', '<html><head><title>Modshelf</title><script defer src="/main.0a1b2c3d4e.js"></script></head><body></body></html>');
  write(
    'shell/dist/preload.json',
    JSON.stringify({
      scripts: ['bootstrap.1111111111.js', '121.2222222222.js'],
      messages: { 'en-US': ['shell-messages0.6666666666.js'], ru: ['shell-messages1.7777777777.js'] },
    }),
  );
  write('mfe-catalogue/package.json', '{}');
  write(
    'mfe-catalogue/dist/remote.json',
    JSON.stringify({ name: 'catalogue', version: '0.1.0#abc', entry: 'remoteEntry.js', expose: './routes', routes: ['/', '/mods', '/mod'] }),
  );
  write(
    'mfe-catalogue/dist/preload.json',
    JSON.stringify({
      scripts: ['expose-routes.3333333333.js'],
      pages: [
        { path: '/mods', scripts: ['page-search.4444444444.js'] },
        { path: '/mod/:id/*', scripts: ['page-project.5555555555.js'] },
      ],
      messages: { 'en-US': ['catalogue-messages0.8888888888.js'], ru: ['catalogue-messages1.9999999999.js'] },
    }),
  );
  app = Fastify();
  app.get('/v2/project/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    return id === 'cool' || id === 'P1'
      ? { id: 'P1', slug: 'cool', title: 'Cool', description: 'd', body: '# Cool\n\n*fast* <img src="x" onerror="y">' }
      : reply.code(404).send();
  });
  // a member sees a draft version an anonymous visitor does not
  app.get('/v2/project/P1/version', async (req) => (req.headers.cookie === 'auth-token=member' ? [{ id: 'V1' }, { id: 'DRAFT' }] : [{ id: 'V1' }]));
  app.get('/v2/project/P1/members', async () => [{ user: { id: 'U1' } }]);
  app.get('/v2/search', async (req) => ({ hits: [], query: req.query }));
  app.get('/v2/tag/:kind', async (req) => [(req.params as { kind: string }).kind]);
  await registerWeb(app, { rootDir: root });
  await app.ready();
  // descriptions are rendered once the server's markdown renderer has loaded (the first page request starts it)
  await warmMarkdownRenderer();
});

afterAll(async () => {
  await app?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a page names its scripts and carries its first reads', () => {
  it('a project page: the shell, the entry, module and page chunk of its part, its project, versions, members and tags, and its description rendered', async () => {
    const res = await app.inject({ url: '/mod/cool' });
    const links = [...res.body.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual([
      '/bootstrap.1111111111.js',
      '/121.2222222222.js',
      '/remotes/catalogue/remoteEntry.js?v=0.1.0%23abc',
      '/remotes/catalogue/expose-routes.3333333333.js',
      '/remotes/catalogue/page-project.5555555555.js',
    ]);
    expect(Object.keys(inlined(res.body))).toEqual([
      '/v2/project/cool',
      '/v2/project/P1/version',
      '/v2/project/P1/members',
      '/v2/tag/game_version',
      'rendered-body:P1',
    ]);
    expect(inlined(res.body)['/v2/project/P1/version']).toEqual([{ id: 'V1' }]);
    expect(inlined(res.body)['rendered-body:P1']).toEqual({
      source: '# Cool\n\n*fast* <img src="x" onerror="y">',
      html: '<h1>Cool</h1>\n<p><em>fast</em> <img src="x"></p>\n',
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('reads with the visitor credentials, and keeps such a page out of shared caches', async () => {
    const res = await app.inject({ url: '/mod/cool/versions', headers: { cookie: 'auth-token=member' } });
    expect(inlined(res.body)['/v2/project/P1/version']).toEqual([{ id: 'V1' }, { id: 'DRAFT' }]);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('a search page: its chunk, and its first results and tags unless the URL has a query string', async () => {
    const res = await app.inject({ url: '/mods' });
    expect(res.body).toContain('<link rel="preload" as="script" href="/remotes/catalogue/page-search.4444444444.js">');
    expect(res.body).not.toContain('page-project');
    expect(Object.keys(inlined(res.body))).toEqual([
      '/v2/search?facets=%5B%5B%22project_type%3Amod%22%5D%5D&index=relevance&offset=0&limit=20',
      '/v2/tag/category',
      '/v2/tag/loader',
      '/v2/tag/game_version',
      '/v2/tag/license',
    ]);
    expect(inlined((await app.inject({ url: '/mods?q=sword' })).body)).toEqual({});
  });

  it('a page in another language than the default: both message bundles (the shell and the part), from hl or the language cookie', async () => {
    const scripts = async (url: string, cookie?: string) =>
      [...(await app.inject({ url, headers: cookie ? { cookie } : {} })).body.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
    const ru = ['/shell-messages1.7777777777.js', '/remotes/catalogue/catalogue-messages1.9999999999.js'];
    expect(await scripts('/mod/cool?hl=ru')).toEqual(expect.arrayContaining(ru));
    expect(await scripts('/mods', 'language=ru')).toEqual(expect.arrayContaining(ru));
    for (const page of [await scripts('/mod/cool'), await scripts('/mods?hl=en-US', 'language=ru')])
      expect(page.filter((s) => s!.includes('messages'))).toEqual([]);
  });

  it('a missing project: no inlined answers, and a path no part renders gets the shell scripts only', async () => {
    expect(inlined((await app.inject({ url: '/mod/nope' })).body)).toEqual({});
    const res = await app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('href="/bootstrap.1111111111.js"');
    expect(res.body).not.toContain('/remotes/catalogue/');
  });
});
