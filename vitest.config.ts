import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx', 'e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'data/**'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
