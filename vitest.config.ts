import { defineConfig } from 'vitest/config';

/**
 * Two groups, run one after the other: everything that runs in Node (unit, route,
 * contract and site tests) in parallel first, then the browser tests, one file at a
 * time (each starts a whole seeded site and a chromium, and some redeploy a remote).
 */
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'data/**'],
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/*.test.ts'],
          // installs Debian's chromium when it is missing and it can (else one line says what to install)
          globalSetup: ['e2e/src/chromium.setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
