import { resolve } from 'node:path';
import { startSiteProcess } from '../proof/harness/site-process';
import { killNow, onStop } from './on-stop';

export const ROOT = resolve(import.meta.dirname, '..');

export interface ChildSite {
  url: string;
  pid: number;
  /** the site's DevTools-protocol port, when started with `inspect` */
  inspectPort?: number;
  rssMb(): number;
  /** the site's last stderr output, and its exit once it has exited */
  stderrTail(): string;
  /** kill -9, as a crash */
  crash(): Promise<void>;
  /** starts the site again on the same port and data; resolves once /health answers */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the embedded site (its compiled JavaScript) as its own process (so its RSS is its own), API only; with `inspect`, it
 * listens for the DevTools protocol too (proof/harness/inspector.ts), for a CPU profile of one pass.
 */
export async function startChildSite(dataDir: string, env: Record<string, string> = {}, { inspect = false } = {}): Promise<ChildSite> {
  // BENCH_SITE_NODE_ARGS (space-separated, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p") reach the site alone, not the bench's own process
  const nodeArgs = process.env.BENCH_SITE_NODE_ARGS?.split(' ').filter(Boolean);
  const site = await startSiteProcess(dataDir, { RATE_LIMIT_PER_MIN: '100000000', ...env }, { compiled: true, admin: false, nodeArgs, inspect });
  const forget = onStop(() => killNow(site.pid()));
  return {
    url: site.url,
    inspectPort: site.inspectPort,
    get pid() {
      return site.pid();
    },
    rssMb: () => Math.round(site.rssKb() / 1024),
    stderrTail: site.stderrTail,
    crash: site.crash,
    restart: site.restart,
    stop: () => {
      forget();
      return site.stop();
    },
  };
}
