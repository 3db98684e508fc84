import { spawn } from 'node:child_process';
import { NODE_FLAGS } from '../scripts/server-build.mjs';
import { ROOT } from './server';
import { killNow, onStop } from './on-stop';

export interface BuildFigures {
  events: number;
  seconds: number;
  events_per_s: number;
  cpu_s: number;
  max_rss_mb: number;
  /** the build's reads of its own file, and how many of them had the build worker commit its window first */
  storage_reads: number | null;
  window_commits_for_reads: number | null;
}

/** The figures a bench script prints as its last line of JSON, run in a child process with node `flags` through tsx. */
function figuresOfChild<F>(script: string, args: string[], flags: readonly string[]): Promise<F> {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const forget = onStop(() => killNow(child.pid));
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      forget();
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${script} exited ${code}: ${out.slice(-2000)}`));
      try {
        resolve(JSON.parse(last) as F);
      } catch {
        reject(new Error(`${script} printed no figures: ${out.slice(-2000)}`));
      }
    });
  });
}

/**
 * Builds every projection of the log at `log` (`events` of them) into `dir`'s projections file (from empty, the writes on a
 * worker thread: bench/build-only.ts) in a child process started with npm run replay's node flags (NODE_FLAGS in
 * scripts/server-build.mjs), since replay's rebuild is the build an operator runs; its figures. Fails when it built fewer.
 */
export async function buildInChild(log: string, events: number, dir: string): Promise<BuildFigures & { node_flags: string[] }> {
  const flags = NODE_FLAGS.replay ?? [];
  const figures = await figuresOfChild<BuildFigures>('bench/build-only.ts', [log, dir], flags);
  if (figures.events !== events) throw new Error(`the build stopped at ${figures.events} of ${events} events`);
  return { ...figures, node_flags: flags };
}

export interface CatchUpFigures {
  events: number;
  seconds: number;
  cpu_s: number;
  /** the checkpoint worker's copy of the catch-up's WAL into the file, after it (null: no checkpoint worker) */
  wal_checkpoint_s: number | null;
}

/**
 * Catches the projections in `dir` up to the head of the log at `log` (bench/catch-up-only.ts) in a child process started
 * with the site's node flags (none), as a site catches up when it starts after its log grew; its figures.
 */
export function catchUpInChild(log: string, dir: string): Promise<CatchUpFigures> {
  return figuresOfChild<CatchUpFigures>('bench/catch-up-only.ts', [log, dir], NODE_FLAGS.main ?? []);
}
