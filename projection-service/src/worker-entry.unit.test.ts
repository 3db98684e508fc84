import { describe, expect, it } from 'vitest';
import { fromSource } from './worker-entry';

describe('where a worker or child script is started from (worker-entry.ts)', () => {
  it('takes a TypeScript module for source, with or without the query tsx adds to a module it loads through tsImport', () => {
    expect(fromSource('file:///repo/projection-service/src/runner/first-build.ts')).toBe(true);
    expect(fromSource('file:///repo/projection-service/src/runner/first-build.ts?tsx-namespace=1f2e')).toBe(true);
    expect(fromSource('file:///repo/dist/server/chunk-ABC123.js')).toBe(false);
    expect(fromSource('file:///repo/dist/server/main.js?ts=1')).toBe(false);
  });
});
