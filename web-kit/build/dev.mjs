/**
 * Runs one micro-frontend alone against a running site (run from the package folder:
 * `npm run dev -w mfe-catalogue`, i.e. `node ../web-kit/build/dev.mjs`).
 *
 * The remote is built in watch mode (development mode, into a temporary folder) and served at
 * /remotes/X/ by a small proxy; everything else (the shell, the other parts, the API) comes from the
 * site at SITE_URL. /remotes.json is the site's manifest with this remote's entry replaced, and its
 * buildId changes with each rebuild, so an open page reloads itself (the shell's build watch).
 *
 * Env: SITE_URL (default http://127.0.0.1:8080), PORT (default 8081; 0 picks a free one), HOST (127.0.0.1).
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { packageVersion, readPackage, webConfig } from './build.mjs';

const MIME = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const DEV_LABEL = 'dev';
/** separates the site's buildId from this remote's build hash in the buildId the dev server answers */
const BUILD_SEP = '-dev-';

/** The watch build of one remote: resolves `ready()` once a build succeeded; `hash` is the latest good one. */
function watchRemote(pkgDir, outDir, log) {
  const config = webConfig({ pkgDir, outDir, label: DEV_LABEL });
  config.mode = 'development';
  config.devtool = 'cheap-module-source-map';
  let hash = null;
  let waiters = [];
  const watching = rspack(config).watch({ aggregateTimeout: 200 }, (err, stats) => {
    if (err || stats.hasErrors()) {
      const errors = err ? [err.message] : stats.toJson({ all: false, errors: true }).errors.map((e) => e.message);
      log(`build failed (still serving the last good build):\n${errors.join('\n')}`);
      return;
    }
    hash = stats.hash.slice(0, 10);
    log(`built ${basename(pkgDir)} #${hash}`);
    for (const w of waiters) w();
    waiters = [];
  });
  return {
    get hash() {
      return hash;
    },
    ready: () => (hash ? Promise.resolve() : new Promise((r) => waiters.push(r))),
    close: () => new Promise((r) => watching.close(r)),
  };
}

async function siteJson(siteUrl, path) {
  const res = await fetch(new URL(path, siteUrl), { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${path}: ${res.status} from the site`);
  return res.json();
}

function send(res, status, body, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Passes a request on to the site unchanged (but for Host) and its answer back. */
function proxy(req, res, siteUrl) {
  const target = new URL(req.url, siteUrl);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (e) => {
    if (!res.headersSent) send(res, 502, { error: 'bad_gateway', description: `the site at ${siteUrl} did not answer: ${e.message}` });
    else res.destroy();
  });
  req.pipe(upstream);
}

/**
 * Starts the watch build and the proxy. Returns the dev server's URL, a promise of the first build,
 * and close().
 */
export async function startDevServer({ pkgDir, siteUrl, port = 8081, host = '127.0.0.1', log = (line) => console.log(`[dev] ${line}`) }) {
  const pkg = readPackage(pkgDir);
  const info = pkg.modshelf;
  if (info?.kind !== 'remote') throw new Error(`${pkg.name}: only a remote (package.json "modshelf": {"kind": "remote"}) runs alone`);
  const folder = basename(pkgDir).replace(/^mfe-/, '');
  const prefix = `/remotes/${folder}/`;
  const outDir = mkdtempSync(join(tmpdir(), `modshelf-dev-${folder}-`));
  const build = watchRemote(pkgDir, outDir, log);
  const version = () => `${packageVersion(pkg, DEV_LABEL)}#${build.hash}`;

  async function manifest() {
    const site = await siteJson(siteUrl, '/remotes.json');
    await build.ready();
    const mine = {
      name: info.name,
      version: version(),
      entry: `${prefix}remoteEntry.js?v=${encodeURIComponent(version())}`,
      expose: info.expose,
      routes: info.routes,
      folder,
    };
    const remotes = (Array.isArray(site.remotes) ? site.remotes : []).filter((r) => r?.name !== info.name);
    return { ...site, buildId: `${site.buildId ?? ''}${BUILD_SEP}${build.hash}`, remotes: [...remotes, mine] };
  }

  async function handle(req, res) {
    const path = decodeURIComponent(new URL(req.url, 'http://dev.invalid').pathname);
    if (req.method === 'GET' && path === '/remotes.json') return send(res, 200, await manifest());
    if (req.method === 'GET' && path === '/builds/latest.json') {
      const { buildId } = await manifest();
      return send(res, 200, { id: buildId, timestamp: Date.now() });
    }
    const meta = /^\/builds\/meta\/(.+)\.json$/.exec(path);
    if (req.method === 'GET' && meta && meta[1].includes(BUILD_SEP)) {
      const siteId = meta[1].slice(0, meta[1].lastIndexOf(BUILD_SEP));
      const siteMeta = await siteJson(siteUrl, `/builds/meta/${encodeURIComponent(siteId)}.json`);
      return send(res, 200, { ...siteMeta, id: meta[1] });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && path.startsWith(prefix)) {
      await build.ready();
      const file = normalize(join(outDir, path.slice(prefix.length)));
      let ok = false;
      try {
        ok = file.startsWith(resolve(outDir) + sep) && statSync(file).isFile();
      } catch {
        ok = false;
      }
      if (!ok) return send(res, 404, { error: 'not_found', description: 'the requested file does not exist' });
      res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      if (req.method === 'HEAD') return res.end();
      return createReadStream(file).pipe(res);
    }
    return proxy(req, res, siteUrl);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent) send(res, 502, { error: 'bad_gateway', description: e instanceof Error ? e.message : String(e) });
    });
  });
  await new Promise((r, j) => server.once('error', j).listen(port, host, () => r()));
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  return {
    url,
    ready: build.ready,
    async close() {
      await new Promise((r) => server.close(() => r()));
      await build.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const siteUrl = process.env.SITE_URL || 'http://127.0.0.1:8080';
  startDevServer({ pkgDir: process.cwd(), siteUrl, port: Number(process.env.PORT ?? 8081), host: process.env.HOST || '127.0.0.1' }).then(
    (dev) => {
      console.log(`[dev] ${basename(process.cwd())} on ${dev.url} (everything else from ${siteUrl})`);
      const stop = () => dev.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
