/**
 * Every module a part takes from the share scope is one the shell provides (dist/shared.json, written by
 * web-kit/build/build.mjs from each build's shared modules). A key no build provides is not shared: each part falls
 * back to its own copy, e.g. a second preact/compat when react-dom was shared under its own key.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt, webPackages } from './web';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sharedKeys(pkg: string): { provides: string[]; consumes: string[] } {
  return JSON.parse(readFileSync(join(ROOT, pkg, 'dist', 'shared.json'), 'utf8')) as { provides: string[]; consumes: string[] };
}

beforeAll(() => ensureWebBuilt(ROOT), 600_000);

describe('shared modules', () => {
  it('the shell provides preact and its modules under their own keys, and no react or react-dom key', () => {
    const { provides } = sharedKeys('shell');
    expect(provides).toEqual(expect.arrayContaining(['preact', 'preact/hooks', 'preact/compat', 'preact/jsx-runtime', 'react-router', '@modshelf/web-kit']));
    expect(provides.filter((k) => /^react(-dom)?(\/|$)/.test(k))).toEqual([]);
  });

  for (const pkg of webPackages(ROOT)) {
    it(`every share key ${pkg} consumes is provided by the shell`, () => {
      const { provides } = sharedKeys('shell');
      const { consumes } = sharedKeys(pkg);
      expect(consumes.length).toBeGreaterThan(3);
      expect(consumes.filter((k) => !provides.includes(k))).toEqual([]);
    });
  }
});
