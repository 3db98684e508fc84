import { defineConfig } from 'vitest/config';

// Suites against real servers (run by integration/run.sh; `npm test` does not pick these files up).
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['**/src/**/*.integration.ts', 'integration/**/*.integration.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '.servers/**'],
    testTimeout: 60000,
    hookTimeout: 60000,
    pool: 'forks',
    fileParallelism: false,
  },
});
