import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface ChildSite {
  url: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
}

/** Runs the embedded site (its compiled JavaScript) as its own process (so its RSS is its own), API only. */
export async function startChildSite(dataDir: string, env: Record<string, string> = {}): Promise<ChildSite> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/run-server.mjs', 'main'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'false',
      WEB: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MIN: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('site did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return Math.round(kb / 1024);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** Waits until the site's projections have caught up with its log. */
export async function waitProjected(url: string, timeoutMs = 900_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const h = (await (await fetch(`${url}/health`)).json()) as { projection_lag: number };
    if (h.projection_lag === 0) return;
    if (Date.now() > deadline) throw new Error('projections did not catch up');
    await new Promise((r) => setTimeout(r, 100));
  }
}
