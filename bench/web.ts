/**
 * Front-end figures: the initial JavaScript of the shell plus a catalogue route (gzip, goal at most
 * 150 KiB) and the home page's largest contentful paint in headless chromium (goal under 1 s).
 * `benchWeb()` serves the built front end itself (registerWeb over the repo, API-less unless a
 * running site's url is given) and returns the figures; bench/run.ts prints them.
 */
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@modshelf/e2e/chromium';
import { ensureWebBuilt, registerWeb } from '../site/src/web';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface WebBenchResult {
  base: string;
  initialJs: Record<string, { files: number; rawKiB: number; gzipKiB: number; withinGoal: boolean }>;
  homeLcpMs: { runs: number[]; median: number; withinGoal: boolean };
  goals: { initialJsGzipKiB: number; lcpMs: number };
}

const KiB = (n: number) => Math.round((n / 1024) * 10) / 10;

export async function benchWeb(opts: { url?: string; runs?: number; routes?: string[] } = {}): Promise<WebBenchResult> {
  // Debian's chromium, installed when missing and possible (as `npm test` does); else the one line what to install
  const found = ensureChromium();
  if (!found.ok) throw new Error(found.message);
  const runs = opts.runs ?? 5;
  const routes = opts.routes ?? ['/', '/mods'];
  let close = async () => {};
  let base = opts.url;
  if (!base) {
    await ensureWebBuilt(ROOT);
    const app = Fastify();
    await registerWeb(app, { rootDir: ROOT });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
  }
  const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
  try {
    const initialJs: WebBenchResult['initialJs'] = {};
    for (const route of routes) {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      const bodies: Promise<Buffer | null>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => null));
      });
      await page.goto(base + route, { waitUntil: 'networkidle' });
      await page.locator('[data-remote="catalogue"]').waitFor({ timeout: 10_000 });
      const files = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
      const raw = files.reduce((n, b) => n + b.length, 0);
      const gz = files.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
      initialJs[route] = { files: files.length, rawKiB: KiB(raw), gzipKiB: KiB(gz), withinGoal: gz <= 150 * 1024 };
      await ctx.close();
    }

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
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await page.locator('[data-remote="catalogue"] h1').waitFor({ timeout: 10_000 });
      await page.waitForTimeout(200);
      lcps.push(Math.round(await page.evaluate(() => (window as Window & { __lcp?: number }).__lcp ?? 0)));
      await ctx.close();
    }
    const sorted = [...lcps].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    return {
      base,
      initialJs,
      homeLcpMs: { runs: lcps, median, withinGoal: median < 1000 },
      goals: { initialJsGzipKiB: 150, lcpMs: 1000 },
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
