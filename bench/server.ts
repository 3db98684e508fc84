import { resolve } from 'node:path';
import { startSiteProcess } from '../proof/harness/site-process';

export const ROOT = resolve(import.meta.dirname, '..');

export interface ChildSite {
  url: string;
  pid: number;
  rssMb(): number;
  /** the site's last stderr output, and its exit once it has exited */
  stderrTail(): string;
  stop(): Promise<void>;
}

/** Runs the embedded site (its compiled JavaScript) as its own process (so its RSS is its own), API only. */
export async function startChildSite(dataDir: string, env: Record<string, string> = {}): Promise<ChildSite> {
  // BENCH_SITE_NODE_OPTIONS reaches the site alone, not the bench's own process; BENCH_SITE_CPU_PROF=<dir> profiles the
  // site's CPU into <dir> (Node 20 refuses --cpu-prof in NODE_OPTIONS: a preload starts the profiler instead)
  const profile = process.env.BENCH_SITE_CPU_PROF ? `--require ${resolve(ROOT, 'bench/site-cpu-profile.cjs')}` : '';
  const options = [process.env.BENCH_SITE_NODE_OPTIONS ?? '', profile].filter(Boolean).join(' ');
  const nodeOptions: Record<string, string> = options ? { NODE_OPTIONS: options } : {};
  const site = await startSiteProcess(dataDir, { RATE_LIMIT_PER_MIN: '100000000', ...nodeOptions, ...env }, { compiled: true, admin: false });
  return { url: site.url, pid: site.pid(), rssMb: () => Math.round(site.rssKb() / 1024), stderrTail: site.stderrTail, stop: site.stop };
}
