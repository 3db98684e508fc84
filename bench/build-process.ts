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
}

/**
 * Builds every projection of the log at `log` (`events` of them) into `dir`'s projections file (from empty, the writes on a
 * worker thread: bench/build-only.ts) in a child process started with npm run replay's node flags (NODE_FLAGS in
 * scripts/server-build.mjs), since replay's rebuild is the build an operator runs; its figures. Fails when it built fewer.
 */
export function buildInChild(log: string, events: number, dir: string): Promise<BuildFigures & { node_flags: string[] }> {
  const flags = NODE_FLAGS.replay ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'bench/build-only.ts', log, dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const forget = onStop(() => killNow(child.pid));
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      forget();
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`bench/build-only.ts exited ${code}: ${out.slice(-2000)}`));
      let figures: BuildFigures;
      try {
        figures = JSON.parse(last) as BuildFigures;
      } catch {
        return reject(new Error(`bench/build-only.ts printed no figures: ${out.slice(-2000)}`));
      }
      if (figures.events !== events) return reject(new Error(`the build stopped at ${figures.events} of ${events} events`));
      resolve({ ...figures, node_flags: flags });
    });
  });
}
