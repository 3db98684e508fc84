import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { fromSource, startWorker } from './worker-entry';

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
});
