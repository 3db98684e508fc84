import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED_WORKERS, fromSource, startWorker } from './worker-entry';

describe('where a worker or child script is started from (worker-entry.ts)', () => {
  it('takes a TypeScript module for source, with or without the query tsx adds to a module it loads through tsImport', () => {
    expect(fromSource('file:///repo/projection-service/src/runner/first-build.ts')).toBe(true);
    expect(fromSource('file:///repo/projection-service/src/runner/first-build.ts?tsx-namespace=1f2e')).toBe(true);
    expect(fromSource('file:///repo/dist/server/chunk-ABC123.js')).toBe(false);
    expect(fromSource('file:///repo/dist/server/main.js?ts=1')).toBe(false);
  });

  it('starts a worker under the resource limits it is given, and under V8 defaults without them', async () => {
    const limitsOf = async (limits?: { maxYoungGenerationSizeMb: number }) => {
      const worker = startWorker(import.meta.url, 'unused.js', 'testing/limits-worker-main.ts', null, limits);
      const [reported] = (await once(worker, 'message')) as [{ maxYoungGenerationSizeMb: number }];
      await worker.terminate();
      return reported.maxYoungGenerationSizeMb;
    };
    expect(await limitsOf({ maxYoungGenerationSizeMb: 192 })).toBe(192);
    expect(await limitsOf()).not.toBe(192);
  });

  it('starts a worker from source through the compiled script in the folder COMPILED_WORKERS names, and from its source without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'modshelf-bundles-'));
    writeFileSync(
      join(dir, 'bundled-worker.js'),
      `import { parentPort, workerData } from 'node:worker_threads';\nparentPort.postMessage({ from: 'bundle', workerData });\n`,
    );
    const answer = async () => {
      const worker = startWorker(import.meta.url, 'bundled-worker.js', 'testing/limits-worker-main.ts', 'given', { maxYoungGenerationSizeMb: 48 });
      const [said] = (await once(worker, 'message')) as [Record<string, unknown>];
      await worker.terminate();
      return said;
    };
    try {
      process.env[COMPILED_WORKERS] = dir;
      expect(await answer()).toEqual({ from: 'bundle', workerData: 'given' });
      delete process.env[COMPILED_WORKERS];
      expect(await answer()).toMatchObject({ maxYoungGenerationSizeMb: 48 });
    } finally {
      delete process.env[COMPILED_WORKERS];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
