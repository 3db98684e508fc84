/** Shared helpers of the browser tests: Debian's chromium via playwright-core, and the servers. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { ensureWebBuilt, registerWeb } from '../site/src/web';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A browser journey's steps build on each other (the account the first step creates, the project the
 * next one makes...). Once a step fails, every later step of the same describe is skipped at once,
 * naming the failed step, instead of each waiting out its timeouts on a page in the wrong state.
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

interface SiteHandle {
  url: string;
  close(): Promise<void>;
}
type StartSite = (o: { env?: Record<string, string | undefined>; web?: boolean }) => Promise<SiteHandle>;

/** The whole site (API + web) from site/src/index.ts, when it is there. */
export async function loadStartSite(): Promise<StartSite | null> {
  if (!existsSync(join(REPO_ROOT, 'site', 'src', 'index.ts'))) return null;
  try {
    const mod = (await import('../site/src/index')) as unknown as { startSite?: StartSite };
    return typeof mod.startSite === 'function' ? mod.startSite : null;
  } catch (e) {
    console.warn('site/src/index.ts did not load:', e);
    return null;
  }
}

/** Starts the seeded site in a fresh data folder on a free port. */
export async function startSeededSite(projects = 40): Promise<(SiteHandle & { dataDir: string }) | null> {
  const startSite = await loadStartSite();
  if (!startSite) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'modshelf-e2e-data-'));
  // the API writes absolute file and image URLs, so it must know its port before it starts
  const port = await freePort();
  const site = await startSite({
    env: {
      PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, SEED: 'true',
      SEED_PROJECTS: String(projects), LOG_LEVEL: 'silent',
    },
  });
  return {
    url: site.url,
    dataDir,
    async close() {
      await site.close();
      removeDir(dataDir);
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value));
}
