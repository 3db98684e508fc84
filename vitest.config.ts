import { defineConfig } from 'vitest/config';

const NODE_TESTS = ['**/src/**/*.test.ts', '**/src/**/*.test.tsx', 'bench/*.test.ts'];
const UNIT_TESTS = ['**/src/**/*.unit.test.ts', '**/src/**/*.unit.test.tsx', 'bench/*.unit.test.ts'];
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'data/**'];

/**
 * Three projects, named for the kinds of test file:
 * - `unit` (`*.unit.test.ts(x)`): pure, in memory (no server, child process, browser or file on disk); `npm run test:unit`;
 * - `int` (`*.int.test.ts(x)`, and any Node test not named for its kind): starts an app, a site, a process or
 *   a database file;
 * - `browser` (`e2e/*.e2e.test.ts`): a whole seeded site and a chromium each, one file at a time.
 * unit and int run in parallel first, then the browser tests (some redeploy a remote).
 */
export default defineConfig({
  test: {
    exclude: EXCLUDE,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: NODE_TESTS,
          exclude: [...EXCLUDE, ...UNIT_TESTS],
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
