import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@modshelf/service-kit/free-port';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** Requests carrying this header value skip the per-IP rate limit (the site's RATE_LIMIT_KEY). */
export const RATE_LIMIT_KEY = 'proof-suite-rate-limit-key';
export const ADMIN = { username: 'proof_admin', password: 'proof-admin-password' };

export function tempDataDir(name: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `modshelf-proof-${name}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface SiteProcess {
  url: string;
  port: number;
  dataDir: string;
  /** the DevTools-protocol port of the site process, with `inspect: true` */
  inspectPort?: number;
  pid(): number;
  /** resident set size of the site process, in KiB (from /proc) */
  rssKb(): number;
  /** the last 4,000 characters the site wrote to stderr, and its exit code or signal once it has exited */
  stderrTail(): string;
  /** kill -9, as a crash: nothing is flushed or closed */
  crash(): Promise<void>;
  /** starts the site again on the same port and DATA_DIR */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface SiteProcessOptions {
  /** run the compiled server (`scripts/run-server.mjs main`, as `npm start` does) instead of `site/src/main.ts` through tsx */
  compiled?: boolean;
  /** start with the ADMIN account and the RATE_LIMIT_KEY, and wait until the admin can sign in (default true) */
  admin?: boolean;
  /** start the site with `--inspect` on a free port of 127.0.0.1 (see inspector.ts) */
  inspect?: boolean;
  /** node options before the script (e.g. --cpu-prof, which NODE_OPTIONS does not take) */
  nodeArgs?: string[];
}

/**
 * The embedded site as its own process (`site/src/main.ts`, API only), on a free port of
 * 127.0.0.1 with the given DATA_DIR; resolves once /health answers (and the admin can sign in).
 */
export async function startSiteProcess(dataDir: string, env: Record<string, string> = {}, options: SiteProcessOptions = {}): Promise<SiteProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const admin = options.admin ?? true;
  const inspectPort = options.inspect ? await freePort() : undefined;
  const args = [
    ...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []),
    ...(options.nodeArgs ?? []),
    ...(options.compiled ? ['scripts/run-server.mjs', 'main'] : ['--import', 'tsx', 'site/src/main.ts']),
  ];
  let child: ChildProcess;
  let stderr = '';
  const launch = async () => {
    stderr = '';
    child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        SEED: 'false',
        WEB: 'false',
        LOG_LEVEL: 'warn',
        ...(admin ? { RATE_LIMIT_KEY, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}: ${stderr}`);
      try {
        // up once it answers, and once the configured admin (made after listening) can sign in
        if ((await fetch(`${url}/health`)).ok && (!admin || (await adminCanSignIn(url)))) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`site did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const exited = () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));
  await launch();
  return {
    url,
    port,
    dataDir,
    inspectPort,
    pid: () => child.pid!,
    stderrTail: () => `${stderr}${child.exitCode !== null || child.signalCode !== null ? ` [exited: ${child.exitCode ?? child.signalCode}]` : ''}`,
    rssKb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    },
    async crash() {
      const done = exited();
      child.kill('SIGKILL');
      await done;
    },
    restart: launch,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = exited();
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(t);
    },
  };
}

async function adminCanSignIn(url: string): Promise<boolean> {
  const res = await fetch(`${url}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ratelimit-key': RATE_LIMIT_KEY },
    body: JSON.stringify(ADMIN),
  });
  await res.arrayBuffer();
  return res.status === 200;
}

/** Waits until the projections have caught up with the log (health's projection_lag is 0). */
export async function waitProjected(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const h = (await (await fetch(`${url}/health`)).json()) as { projection_lag: number };
    if (h.projection_lag === 0) return;
    if (Date.now() > deadline) throw new Error('projections did not catch up');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the demo seed (which runs after the site starts listening) has listed `projects` projects. */
export async function waitSeeded(url: string, projects: number, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/v2/search?limit=1`, { headers: { 'x-ratelimit-key': RATE_LIMIT_KEY } });
    const body = (await res.json()) as { total_hits?: number };
    if ((body.total_hits ?? 0) >= projects) return waitProjected(url, timeoutMs);
    if (Date.now() > deadline) throw new Error('the demo seed did not finish');
    await new Promise((r) => setTimeout(r, 250));
  }
}
