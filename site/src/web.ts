/**
 * Serves the web front end from the same port as the API:
 * - shell/dist at / with an SPA fallback to index.html for page GETs (never /v2/*, /health, /metrics): 200 for the
 *   pages of the route table the shell uses (web-kit page-routes.ts, plus routes a deployed remote declares),
 *   404 with the same page (titled "Page Not Found", which the shell then shows) for any other path;
 * - each mfe-X/dist at /remotes/X/;
 * - /remotes.json, the runtime remotes manifest, built from every mfe-X/dist/remote.json on request,
 *   so a micro-frontend is redeployed by replacing its folder (no shell rebuild, no restart);
 * - /builds/latest.json and /builds/meta/{id}.json (spec section 7), polled by the shell.
 * Manifests, entries and HTML are sent with Cache-Control: no-cache; content-hashed chunks as immutable.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '@modshelf/web-kit/locale';
import { isPagePath } from '@modshelf/web-kit/page-routes';
import { warmMarkdownRenderer } from './web-markdown';
import {
  PROJECT_PAGE,
  firstIcons,
  firstReadsData,
  preloadScripts,
  projectPageData,
  withImagePreloads,
  withPreloadedData,
  withPreloadLinks,
} from './web-preload';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Paths that belong to the API and never fall back to the page shell. */
const API_PREFIXES = ['/v2', '/v3', '/_internal', '/health', '/metrics', '/remotes/', '/builds/', '/openapi'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || (p.endsWith('/') && path === p.slice(0, -1)));
}

export function cacheControlFor(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? '';
  if (base === 'index.html' || base === 'remoteEntry.js' || base.endsWith('.json')) return NO_CACHE;
  return HASHED.test(base) ? IMMUTABLE : NO_CACHE;
}

export interface RemoteEntryFile {
  name: string;
  version: string;
  entry: string;
  expose: string;
  routes: string[];
}

export interface RemotesManifest {
  buildId: string;
  remotes: (RemoteEntryFile & { folder: string })[];
}

/** What the site's configuration tells the front end (COMMUNITY_URL, STAGING), served in /remotes.json. */
export interface SiteInfo {
  community_url: string;
  staging: boolean;
}

/** Front-end packages: the shell plus every mfe-* folder that has a package.json. */
export function webPackages(rootDir: string): string[] {
  const mfes = existsSync(rootDir)
    ? readdirSync(rootDir)
        .filter((d) => d.startsWith('mfe-') && existsSync(join(rootDir, d, 'package.json')))
        .sort()
    : [];
  return ['shell', ...mfes];
}

/** The runtime remotes manifest: one entry per built micro-frontend (its dist/remote.json). */
export function readRemotesManifest(rootDir: string): RemotesManifest {
  const remotes: RemotesManifest['remotes'] = [];
  for (const dir of webPackages(rootDir).filter((d) => d !== 'shell')) {
    const file = join(rootDir, dir, 'dist', 'remote.json');
    try {
      const r = JSON.parse(readFileSync(file, 'utf8')) as RemoteEntryFile;
      const folder = dir.slice('mfe-'.length);
      remotes.push({
        ...r,
        folder,
        entry: `/remotes/${folder}/${r.entry}?v=${encodeURIComponent(r.version)}`,
      });
    } catch {
      /* not built (or being replaced): the shell shows that part's error screen */
    }
  }
  const h = createHash('sha256');
  try {
    h.update(readFileSync(join(rootDir, 'shell', 'dist', 'index.html')));
  } catch {
    h.update('no-shell');
  }
  for (const r of remotes) h.update(`${r.name}@${r.version}`);
  return { buildId: h.digest('hex').slice(0, 16), remotes };
}

function safeJoin(base: string, rel: string): string | null {
  const target = normalize(join(base, rel));
  const root = resolve(base);
  if (target !== root && !target.startsWith(root + sep)) return null;
  return target;
}

function sendFile(reply: FastifyReply, file: string, cacheControl = cacheControlFor(file)): FastifyReply {
  const st = statSync(file);
  const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  reply.header('Content-Type', MIME[extname(file).toLowerCase()] ?? 'application/octet-stream');
  reply.header('Cache-Control', cacheControl);
  reply.header('ETag', etag);
  if (reply.request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('Content-Length', st.size);
  return reply.send(createReadStream(file));
}

function isFile(p: string | null): p is string {
  if (!p) return false;
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Puts a page's own title and description into the HTML, so shared links preview the project. */
export function withPageMeta(html: string, title: string, description: string): string {
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${t} - Modshelf</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${d}$2`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/, `$1${t}$2`)
    .replace(/(<meta property="og:description" content=")[^"]*(")/, `$1${d}$2`);
}

/**
 * Route rules (the matcher published in builds/meta/{id}.json): redirects applied by the server on a
 * page load and by the shell on in-app navigation; an absolute URL is an external redirect.
 */
export const ROUTE_RULES: Record<string, { redirect: string }> = {
  '/mod': { redirect: '/mods' },
  '/modpack': { redirect: '/modpacks' },
  '/server': { redirect: '/servers' },
  '/behaviorpack': { redirect: '/mods?g=behaviorpack' },
  '/behaviorpacks': { redirect: '/mods?g=behaviorpack' },
  '/discord': { redirect: 'https://discord.gg/modshelf' },
};

export function routeRedirect(path: string): string | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return ROUTE_RULES[trimmed]?.redirect ?? null;
}

const LOCALES = ['en-US', 'ru'];
const DEFAULT_LOCALE = 'en-US';

/** html lang and the alternate-language links (x-default included) for a page URL, before any script runs. */
export function withLanguage(html: string, origin: string, url: string): string {
  const u = new URL(url, 'http://x');
  const hl = u.searchParams.get('hl');
  const lang = hl && LOCALES.includes(hl) ? hl : DEFAULT_LOCALE;
  const href = (locale: string) => {
    const v = new URL(u.pathname + u.search, 'http://x');
    if (locale === DEFAULT_LOCALE) v.searchParams.delete('hl');
    else v.searchParams.set('hl', locale);
    return escapeHtml(origin + v.pathname + v.search);
  };
  const links = [
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${href(l)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}">`,
  ].join('');
  return html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`).replace('</head>', `${links}</head>`);
}

/** The title the server gives a path that is no page; the shell then renders its "Page Not Found" screen. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** Whether a path is a page: the shell's route table, a route a deployed remote declares, or a route rule. */
export function isKnownPage(path: string, manifest: Pick<RemotesManifest, 'remotes'>): boolean {
  return (
    routeRedirect(path) !== null ||
    isPagePath(
      path,
      manifest.remotes.flatMap((r) => r.routes ?? []),
    )
  );
}

export async function registerWeb(app: FastifyInstance, opts: { rootDir: string; site?: SiteInfo }): Promise<void> {
  const rootDir = resolve(opts.rootDir);
  const shellDist = join(rootDir, 'shell', 'dist');

  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', NO_CACHE).type('application/json; charset=utf-8');
    return { ...readRemotesManifest(rootDir), ...(opts.site ? { site: opts.site } : {}) };
  });

  app.get('/builds/latest.json', async (_req, reply) => {
    const { buildId } = readRemotesManifest(rootDir);
    reply.header('Cache-Control', NO_CACHE).type('application/json; charset=utf-8');
    return { id: buildId, timestamp: Date.now() };
  });

  app.get<{ Params: { file: string } }>('/builds/meta/:file', async (req, reply) => {
    const { buildId } = readRemotesManifest(rootDir);
    reply.header('Cache-Control', NO_CACHE).type('application/json; charset=utf-8');
    if (req.params.file !== `${buildId}.json`) {
      return reply.code(404).send({ error: 'not_found', description: 'the requested build does not exist' });
    }
    return { id: buildId, timestamp: Date.now(), matcher: { static: ROUTE_RULES, wildcard: {}, dynamic: {} }, prerendered: [] };
  });

  app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', async (req, reply) => {
    const dist = join(rootDir, `mfe-${req.params.name}`, 'dist');
    const file = /^[a-z0-9-]+$/.test(req.params.name) ? safeJoin(dist, req.params['*']) : null;
    if (!isFile(file)) {
      return reply.code(404).header('Cache-Control', NO_CACHE).send({ error: 'not_found', description: 'the requested file does not exist' });
    }
    return sendFile(reply, file);
  });

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (isApiPath(path)) return reply.callNotFound();
    const redirect = routeRedirect(path);
    if (redirect) return reply.header('Cache-Control', NO_CACHE).redirect(redirect, 302);
    const file = path !== '/' ? safeJoin(shellDist, path) : null;
    if (isFile(file) && !file.endsWith('index.html')) return sendFile(reply, file);
    if (extname(path) && extname(path) !== '.html' && !PROJECT_PAGE.test(path)) {
      // a missing asset is a 404, not the page shell (a stale chunk must fail loudly)
      return reply.code(404).header('Cache-Control', NO_CACHE).send({ error: 'not_found', description: 'the requested file does not exist' });
    }
    const index = join(shellDist, 'index.html');
    if (!isFile(index)) {
      return reply.code(503).send({ error: 'unavailable', description: 'the web front end is not built (npm run build -w shell)' });
    }
    let html = readFileSync(index, 'utf8');
    const manifest = readRemotesManifest(rootDir);
    const known = isKnownPage(path, manifest);
    if (known) warmMarkdownRenderer().catch(() => undefined); // project pages render their description once it is there
    const { cookie, authorization } = req.headers;
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const [project, reads] = known
      ? await Promise.all([projectPageData(app, path, { cookie, authorization }), firstReadsData(app, path, query, { cookie, authorization })])
      : [null, {}];
    const meta = known ? project?.meta : { title: NOT_FOUND_TITLE, description: `Page Not Found: ${path}` };
    if (meta) html = withPageMeta(html, meta.title, meta.description);
    html = withLanguage(html, `${req.protocol}://${req.headers.host ?? 'localhost'}`, req.url);
    // the page's scripts and first data arrive with it, not one hop after another (web-preload.ts)
    html = withPreloadLinks(html, preloadScripts(rootDir, path, manifest, requestLocale(query, cookie)));
    html = withPreloadedData(withImagePreloads(html, firstIcons(path, query, reads)), { ...reads, ...project?.data });
    return (
      reply
        .code(known ? 200 : 404)
        // a page read with the visitor's credentials may carry their own answers: no shared cache keeps it
        .header('Cache-Control', cookie || authorization ? `private, ${NO_CACHE}` : NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(html)
    );
  };
  app.get('/', page);
  app.get('/*', page);
}

function builtMarker(dist: string, pkg: string): string {
  return join(dist, pkg === 'shell' ? 'index.html' : 'remote.json');
}

function newestMtime(path: string): number {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** A package needs a build when its dist is missing or older than its sources (or the shared web kit). */
export function needsBuild(rootDir: string, pkg: string): boolean {
  let built: number;
  try {
    built = statSync(builtMarker(join(rootDir, pkg, 'dist'), pkg)).mtimeMs;
  } catch {
    return true;
  }
  const sources = [
    join(rootDir, pkg, 'src'),
    join(rootDir, pkg, 'package.json'),
    join(rootDir, 'web-kit', 'src'),
    join(rootDir, 'web-kit', 'build'),
    join(rootDir, 'contract', 'src'),
  ];
  return sources.some((p) => newestMtime(p) > built);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lock across processes (tests and servers may start at once): a file created exclusively. */
async function withLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(file), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      try {
        // a lock left by a crashed builder is stale after 5 minutes
        if (Date.now() - statSync(file).mtimeMs > 5 * 60_000) rmSync(file, { force: true });
      } catch {
        /* released meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${file}`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}

function runBuild(rootDir: string, pkgDir: string, outDir: string): Promise<void> {
  return new Promise<void>((res, rej) => {
    const child = spawn(process.execPath, [join(rootDir, 'web-kit', 'build', 'build.mjs')], {
      cwd: pkgDir,
      env: { ...process.env, MODSHELF_OUT_DIR: outDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', rej);
    child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`building ${pkgDir} failed (exit ${code})`))));
  });
}

/**
 * Builds every front-end package whose dist is missing or stale (so `npm start` works on a clean
 * clone and after a pull).
 * Safe to call from several processes at once; each dist appears whole (built aside, then renamed).
 */
export async function ensureWebBuilt(rootDir: string): Promise<string[]> {
  const missing = () => webPackages(rootDir).filter((pkg) => existsSync(join(rootDir, pkg, 'package.json')) && needsBuild(rootDir, pkg));
  if (missing().length === 0) return [];
  return withLock(join(rootDir, '.tmp', 'web-build.lock'), async () => {
    const built: string[] = [];
    for (const pkg of missing()) {
      const pkgDir = join(rootDir, pkg);
      const dist = join(pkgDir, 'dist');
      const staging = join(rootDir, '.tmp', `build-${pkg}-${process.pid}`);
      rmSync(staging, { recursive: true, force: true });
      try {
        await runBuild(rootDir, pkgDir, staging);
      } catch (err) {
        rmSync(staging, { recursive: true, force: true });
        // the site runs without a part that does not build (its routes show the error screen); not without the shell
        if (pkg === 'shell') throw err;
        console.warn(`[web] ${(err as Error).message}; serving the site without ${pkg}`);
        continue;
      }
      rmSync(dist, { recursive: true, force: true });
      renameSync(staging, dist);
      built.push(pkg);
    }
    return built;
  });
}
