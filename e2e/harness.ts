/** Shared helpers of the browser tests: Debian's chromium via playwright-core, the sites, the API steps and the failure dump. */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { SiteApi, STAFF } from './src/api';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from './src/chromium';
import { startSite, type Site } from '../site/src/index';
import { ensureWebBuilt, registerWeb } from '../site/src/web';
import { freePort } from '@modshelf/service-kit/free-port';

export { PASSWORD, SiteApi, STAFF, type Account, type AuthHeaders } from './src/api';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;

/** Debian's chromium, made sure of by the browser project's globalSetup (e2e/src/chromium.setup.ts). */
export function launchBrowser(): Promise<Browser> {
  const found = inject('chromium');
  if (found && !found.ok) throw new Error(found.message);
  return chromium.launch({ executablePath: found?.ok ? found.path : CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** The last events of each recorded page (navigations, API answers, console errors), shown when a step fails. */
const pageEvents = new Map<Page, string[]>();
const KEPT_EVENTS = 40;

/** Keeps what happened in a page lately, so a failed step says what the page did (failFast prints it). */
export function recordPage(page: Page): Page {
  const events: string[] = [];
  pageEvents.set(page, events);
  const add = (line: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (events.length > KEPT_EVENTS) events.shift();
  };
  page.on('framenavigated', (f) => f === page.mainFrame() && add(`navigated to ${f.url()}`));
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/v2/') || r.status() >= 400) add(`${r.request().method()} ${u.pathname}${u.search} -> ${r.status()}`);
  });
  page.on('requestfailed', (r) => add(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`));
  page.on('console', (m) => m.type() === 'error' && add(`console error: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => add(`page error: ${e.message.slice(0, 300)}`));
  page.on('close', () => pageEvents.delete(page));
  return page;
}

/**
 * On a failed step, prints what each page given to recordPage did lately, where it is and what its main
 * area shows. Call it inside the journey's describe (failFast does).
 */
export function dumpOnFailure(): void {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    for (const [page, events] of pageEvents) {
      const main = (
        await page
          .locator('main')
          .innerText({ timeout: 1000 })
          .catch(() => '')
      ).slice(0, 1500);
      console.error(`[e2e] ${ctx.task.name}: at ${page.url()}\n  ${events.join('\n  ')}\n  main shows:\n${main}`);
    }
  });
}

/**
 * A browser journey's steps build on each other (the account the first step creates, the project the
 * next one makes...). Once a step fails, every later step of the same describe is skipped at once,
 * naming the failed step, instead of each waiting out its timeouts on a page in the wrong state.
 * A failed step also prints the failure dump (dumpOnFailure).
 * Call it inside the journey's describe.
 */
export function failFast(): void {
  let failed: string | null = null;
  beforeEach((ctx) => {
    if (failed !== null) ctx.skip(`skipped: the earlier step "${failed}" failed`);
  });
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') failed ??= ctx.task.name;
  });
  dumpOnFailure();
}

let built: Promise<unknown> | null = null;
/** Builds the front-end packages whose dist is missing (CI starts from a clean clone). */
export function buildWebOnce(): Promise<unknown> {
  built ??= ensureWebBuilt(REPO_ROOT);
  return built;
}

export interface Running {
  url: string;
  close(): Promise<void>;
}

/** A server with only the web part (no API), over a given web root. */
export async function startWebOnly(rootDir: string): Promise<Running> {
  const app = Fastify();
  await registerWeb(app, { rootDir });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, close: () => app.close() };
}

/** A throw-away copy of the built shell and remotes, so a test can take a remote down or redeploy it. */
export function copyWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'modshelf-webroot-'));
  for (const pkg of ['shell', 'mfe-catalogue']) {
    mkdirSync(join(root, pkg), { recursive: true });
    cpSync(join(REPO_ROOT, pkg, 'package.json'), join(root, pkg, 'package.json'));
    cpSync(join(REPO_ROOT, pkg, 'dist'), join(root, pkg, 'dist'), { recursive: true });
  }
  return root;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Builds a package of the repo into outDir with a version label (a new deployment). */
export function buildInto(pkg: string, outDir: string, label: string): Promise<void> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'web-kit', 'build', 'build.mjs')], {
      cwd: join(REPO_ROOT, pkg),
      env: { ...process.env, MODSHELF_OUT_DIR: outDir, MODSHELF_BUILD_LABEL: label },
      stdio: 'ignore',
    });
    child.on('error', rej);
    child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`build of ${pkg} exited ${code}`))));
  });
}

export type { Site };

export interface SiteOptions {
  /** fill the demo catalogue with this many projects; without it the site starts blank (either way with the STAFF account) */
  seed?: number;
  env?: Record<string, string>;
}

/** Starts the site (blank, or seeded) in a fresh data folder on a free port. */
export async function startTestSite(options: SiteOptions = {}): Promise<{ site: Site; url: string; dataDir: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'modshelf-e2e-data-'));
  // the API writes absolute file and image URLs, so it must know its port before it starts
  const port = await freePort();
  const content = options.seed === undefined ? { SEED: 'false' } : { SEED: 'true', SEED_PROJECTS: String(options.seed) };
  const site = await startSite({
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      ...content,
      ...options.env,
    },
  });
  return {
    site,
    url: site.url.replace(/\/$/, ''),
    dataDir,
    async close() {
      await site.close();
      removeDir(dataDir);
    },
  };
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** default timeout of the page's waits, in ms */
  timeout?: number;
  acceptDownloads?: boolean;
}

/**
 * A journey's site and browser: started before the describe's steps (the built front end, the site, Debian's
 * chromium), closed after them. Call it inside the journey's describe; read its fields inside the steps.
 */
export class SiteFixture {
  private started: Awaited<ReturnType<typeof startTestSite>> | null = null;
  private launched: Browser | null = null;

  constructor(options: SiteOptions) {
    beforeAll(async () => {
      await buildWebOnce();
      this.started = await startTestSite(options);
      this.launched = await launchBrowser();
    }, 600_000);
    afterAll(async () => {
      await this.launched?.close();
      await this.started?.close();
    }, 180_000);
  }

  private get running() {
    if (!this.started) throw new Error('the site is not started (read the fixture inside a step)');
    return this.started;
  }
  /** the site's origin, without a trailing slash */
  get url(): string {
    return this.running.url;
  }
  get site(): Site {
    return this.running.site;
  }
  get dataDir(): string {
    return this.running.dataDir;
  }
  get browser(): Browser {
    if (!this.launched) throw new Error('the browser is not launched (read the fixture inside a step)');
    return this.launched;
  }

  /** A page in a new browser context, recorded for the failure dump (1280 x 900 unless told). */
  async newPage(options: PageOptions = {}): Promise<Page> {
    const ctx = await this.browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      acceptDownloads: options.acceptDownloads,
    });
    if (options.timeout) ctx.setDefaultTimeout(options.timeout);
    return recordPage(await ctx.newPage());
  }

  /** The API through a new (cookie-less) request context. */
  async api(): Promise<SiteApi> {
    return new SiteApi((await this.browser.newContext()).request, this.url);
  }

  /** Signs in on the sign-in page and lands on `path`. */
  async signedIn(username: string, password: string, path: string, options: PageOptions = {}): Promise<Page> {
    const page = await this.newPage({ timeout: 60_000, ...options });
    await page.goto(`${this.url}/auth/sign-in?redirect=${encodeURIComponent(path)}`);
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === path);
    return page;
  }
}

/** The site and browser of the journey in this describe: blank unless `seed` is given, with the STAFF account. */
export function useSite(options: SiteOptions = {}): SiteFixture {
  return new SiteFixture(options);
}
