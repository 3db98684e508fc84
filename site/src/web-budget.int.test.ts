/**
 * The initial JavaScript of each public route, from the built front end: sizes are deterministic, so a
 * route that grows past its ceiling fails here (the bench prints the same figures beside the goal).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt } from './web';
import { INITIAL_JS_GOAL_KIB, initialJsGzip } from './web-budget';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * KiB gzip per route: each within INITIAL_JS_GOAL_KIB (140) since the bundles run preact/compat in place of
 * react-dom (web-kit/build/build.mjs preactAliases). The build measured 100.9, 105.4 and 131.4 KiB; each ceiling
 * leaves 4 KiB for ordinary changes, so a regression of a library's weight (react-dom back, markdown in the
 * first chunk) fails here. Lower a ceiling when a route shrinks for good.
 */
const CEILING_KIB: Record<string, number> = { '/': 105, '/mods': 110, '/mod/some-project': 136 };

beforeAll(() => ensureWebBuilt(ROOT), 600_000);

describe('initial JavaScript per public route', () => {
  it('every ceiling is within the goal', () => {
    for (const ceiling of Object.values(CEILING_KIB)) expect(ceiling).toBeLessThanOrEqual(INITIAL_JS_GOAL_KIB);
  });

  for (const [route, ceiling] of Object.entries(CEILING_KIB)) {
    it(`${route} stays within ${ceiling} KiB gzip`, () => {
      const files = initialJsGzip(ROOT, route);
      const kib = files.reduce((n, f) => n + f.gzip, 0) / 1024;
      const list = files.map((f) => `${(f.gzip / 1024).toFixed(1)} ${f.url}`).join('\n');
      expect(kib, `${route}: ${kib.toFixed(1)} KiB (goal ${INITIAL_JS_GOAL_KIB}):\n${list}`).toBeLessThanOrEqual(ceiling);
      // the list is the page's whole first render: the shell, and the part's entry, module and page
      expect(files.some((f) => /^\/main\.[0-9a-f]+\.js$/.test(f.url))).toBe(true);
      expect(files.some((f) => /^\/bootstrap\.[0-9a-f]+\.js$/.test(f.url))).toBe(true);
      expect(files.some((f) => f.url.startsWith('/remotes/catalogue/remoteEntry.js?v='))).toBe(true);
      expect(files.some((f) => /^\/remotes\/catalogue\/expose-routes\.[0-9a-f]+\.js$/.test(f.url))).toBe(true);
      if (route === '/mods') expect(files.some((f) => f.url.includes('/page-search.'))).toBe(true);
      if (route.startsWith('/mod/')) expect(files.some((f) => f.url.includes('/page-project.'))).toBe(true);
    });
  }
});
