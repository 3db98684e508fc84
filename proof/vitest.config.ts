import { defineConfig } from 'vitest/config';

/**
 * The proof suites (`npm run test:proof`): each starts its own site as a child process on a
 * free port with a temporary DATA_DIR, so they run one file at a time (2 cores).
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.proof.ts'],
    exclude: ['**/node_modules/**'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
