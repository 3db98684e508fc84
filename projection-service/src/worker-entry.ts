import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread's script: from the compiled bundle, its entry `compiled` beside the calling chunk (an entry of
 * scripts/server-build.mjs); from the TypeScript source (tests, tsx, the bench), the source `source` beside the caller
 * (`here`: the caller's import.meta.url) through tsx's loader, from the working directory's node_modules.
 */
export function startWorker(here: string, compiled: string, source: string, workerData: unknown): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${compiled}`, here), { workerData });
  const main = new URL(`./${source}`, here).href;
  const code = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(main)}, ${JSON.stringify(here)}));`;
  return new Worker(code, { eval: true, workerData });
}
