import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Whether the caller (its import.meta.url) is TypeScript source: a module loaded through tsx's tsImport has a query after its path. */
export const fromSource = (here: string): boolean => new URL(here).pathname.endsWith('.ts');

/**
 * A folder of scripts/server-build.mjs's bundles (dist/server) that a process running the TypeScript source starts its worker
 * threads from, as the site does, instead of their source through tsx's loader. The bench sets it for its phases that run
 * in its own process or in a child run through tsx (the live catch-up, the builds), so their workers start as the site's.
 */
export const COMPILED_WORKERS = 'MODSHELF_COMPILED_WORKERS';

/**
 * Starts a worker thread's script: from the compiled bundle, its entry `compiled` beside the calling chunk (an entry of
 * scripts/server-build.mjs); from the TypeScript source (tests, tsx, the bench), the entry `compiled` in the folder named by
 * COMPILED_WORKERS when it is set, else the source `source` beside the caller (`here`: the caller's import.meta.url) through
 * tsx's loader, from the working directory's node_modules. `resourceLimits`: the thread's heap sizes (V8's defaults when absent).
 */
export function startWorker(here: string, compiled: string, source: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  if (!fromSource(here)) return new Worker(new URL(`./${compiled}`, here), { workerData, resourceLimits });
  const bundles = process.env[COMPILED_WORKERS];
  if (bundles) return new Worker(pathToFileURL(join(bundles, compiled)), { workerData, resourceLimits });
  const main = new URL(`./${source}`, here).href;
  const code = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(main)}, ${JSON.stringify(here)}));`;
  return new Worker(code, { eval: true, workerData, resourceLimits });
}

/**
 * Starts a child process's script as startWorker finds a worker's (`compiled` beside the calling chunk, or `source` beside
 * the caller through tsx's loader), with node flags `flags` and arguments `args`; its stdin and stdout are pipes to this
 * process, its stderr this process's.
 */
export function startProcess(
  here: string,
  compiled: string,
  source: string,
  args: readonly string[],
  flags: readonly string[] = [],
): ChildProcessByStdio<Writable, Readable, null> {
  const entry = fromSource(here) ? ['--import', 'tsx', fileURLToPath(new URL(`./${source}`, here))] : [fileURLToPath(new URL(`./${compiled}`, here))];
  return spawn(process.execPath, [...flags, ...entry, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
}
