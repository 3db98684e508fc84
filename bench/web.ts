/**
 * Front-end figures, per public route (`/`, `/mods`, `/mod/{slug}`), beside the goals of issue 12:
 * - the initial JavaScript: every script the page loads until its content shows and the network is idle
 *   (sum of each file's gzip, goal at most 140 KiB);
 * - the largest contentful paint in headless chromium (median of `runs`, goal under 800 ms);
 * - the request chain of the project page: the depth of the deepest request made before its title shows
 *   (the document is 1; e2e/src/request-chain.ts) among its scripts and /v2/project reads, and whether it
 *   fetched /v2/project before that; `chain` lists every request made until then with its depth.
 * `benchWeb()` serves the built front end itself (registerWeb over the repo, API-less unless a running
 * site's url is given; the project route needs a site) and returns the figures; bench/run.ts prints them.
 */
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@modshelf/e2e/chromium';
import { recordRequestChain } from '@modshelf/e2e/request-chain';
import { ensureWebBuilt, registerWeb } from '../site/src/web';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_GOALS = { initialJsGzipKiB: 140, lcpMs: 800, projectChainDepth: 2 };

interface RouteFigures {
  initialJs: { files: number; rawKiB: number; gzipKiB: number; withinGoal: boolean; scripts: { url: string; gzipKiB: number }[] };
  lcpMs: { runs: number[]; median: number; withinGoal: boolean };
}

export interface WebBenchResult {
  base: string;
  routes: Record<string, RouteFigures>;
  projectChain?: { route: string; depthBeforeTitle: number; apiBeforeTitle: boolean; chain: string[]; withinGoal: boolean };
  goals: typeof WEB_GOALS;
}

const KiB = (n: number) => Math.round((n / 1024) * 10) / 10;

/** What shows that a route has painted its own content. */
function readySelector(route: string): string {
  if (route === '/') return '[data-remote="catalogue"] h1';
  if (route.startsWith('/mod/')) return 'h1.cat-project__title';
  return '[data-remote="catalogue"]';
}

async function initialJs(browser: Browser, base: string, route: string): Promise<RouteFigures['initialJs']> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const bodies: Promise<{ url: string; body: Buffer } | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      bodies.push(
        res.body().then(
          (body) => ({ url: res.url().replace(base, ''), body }),
          () => null,
        ),
      );
  });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await page.locator(readySelector(route)).first().waitFor({ timeout: 15_000 });
  const files = (await Promise.all(bodies)).filter((b) => b !== null);
  await ctx.close();
  const raw = files.reduce((n, f) => n + f.body.length, 0);
  const scripts = files.map((f) => ({ url: f.url, gzip: gzipSync(f.body, { level: 9 }).length }));
  const gz = scripts.reduce((n, s) => n + s.gzip, 0);
  return {
    files: files.length,
    rawKiB: KiB(raw),
    gzipKiB: KiB(gz),
    withinGoal: gz <= WEB_GOALS.initialJsGzipKiB * 1024,
    scripts: scripts.sort((a, b) => b.gzip - a.gzip).map((s) => ({ url: s.url, gzipKiB: KiB(s.gzip) })),
  };
}

async function lcp(browser: Browser, base: string, route: string, runs: number): Promise<RouteFigures['lcpMs']> {
  const lcps: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      (window as Window & { __lcp?: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as Window & { __lcp?: number }).__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(base + route, { waitUntil: 'networkidle' });
    await page.locator(readySelector(route)).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(200);
    lcps.push(Math.round(await page.evaluate(() => (window as Window & { __lcp?: number }).__lcp ?? 0)));
    await ctx.close();
  }
  const median = [...lcps].sort((a, b) => a - b)[Math.floor(lcps.length / 2)]!;
  return { runs: lcps, median, withinGoal: median < WEB_GOALS.lcpMs };
}

async function projectChain(browser: Browser, base: string, route: string): Promise<NonNullable<WebBenchResult['projectChain']>> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const rec = await recordRequestChain(page);
  await page.goto(base + route);
  await page.locator(readySelector(route)).waitFor({ timeout: 15_000 });
  const chain = rec.take();
  await rec.stop();
  await ctx.close();
  // what the title waits for: the page's scripts and the project's own reads (not the session or build checks beside them)
  const apiBeforeTitle = chain.some((c) => new URL(c.url).pathname.startsWith('/v2/project/'));
  const depth = Math.max(...chain.filter((c) => c.resourceType === 'Script' || new URL(c.url).pathname.startsWith('/v2/project/')).map((c) => c.depth));
  return {
    route,
    depthBeforeTitle: depth,
    apiBeforeTitle,
    chain: chain.map((c) => `${c.depth} ${c.url.replace(base, '')}`),
    withinGoal: depth <= WEB_GOALS.projectChainDepth && !apiBeforeTitle,
  };
}

export async function benchWeb(opts: { url?: string; runs?: number; routes?: string[] } = {}): Promise<WebBenchResult> {
  // Debian's chromium, installed when missing and possible (as `npm test` does); else the one line what to install
  const found = ensureChromium();
  if (!found.ok) throw new Error(found.message);
  const runs = opts.runs ?? 5;
  let close = async () => {};
  let base = opts.url;
  if (!base) {
    await ensureWebBuilt(ROOT);
    const app = Fastify();
    await registerWeb(app, { rootDir: ROOT });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  }
  let projectRoute: string | null = null;
  if (opts.url) {
    const hits =
      ((await (await fetch(`${base}/v2/search?limit=1&facets=${encodeURIComponent('[["project_type:mod"]]')}`)).json()) as { hits?: { slug?: string }[] })
        .hits ?? [];
    if (hits[0]?.slug) projectRoute = `/mod/${hits[0].slug}`;
  }
  const routes = opts.routes ?? ['/', '/mods', ...(projectRoute ? [projectRoute] : [])];
  const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
  try {
    const figures: Record<string, RouteFigures> = {};
    for (const route of routes) figures[route] = { initialJs: await initialJs(browser, base, route), lcpMs: await lcp(browser, base, route, runs) };
    return {
      base,
      routes: figures,
      ...(projectRoute ? { projectChain: await projectChain(browser, base, projectRoute) } : {}),
      goals: WEB_GOALS,
    };
  } finally {
    await browser.close();
    await close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchWeb({ url: process.argv[2] }).then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
