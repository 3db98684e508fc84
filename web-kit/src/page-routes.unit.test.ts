import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPagePath, KNOWN_AREAS, routeMatches, SHELL_PAGES } from './page-routes';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the page route table', () => {
  it("lists each part's routes as its package.json declares them (what its remote.json publishes)", () => {
    const declared = readdirSync(ROOT)
      .filter((d) => d.startsWith('mfe-'))
      .map((d) => JSON.parse(readFileSync(join(ROOT, d, 'package.json'), 'utf8')).modshelf as { name: string; routes: string[] })
      .map((m) => ({ name: m.name, routes: m.routes }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const known = KNOWN_AREAS.map((a) => ({ name: a.name, routes: [...a.routes] })).sort((a, b) => a.name.localeCompare(b.name));
    expect(known).toEqual(declared);
  });

  it('tells pages from other paths', () => {
    for (const p of ['/', '/mods', '/mod/x/versions', '/legal', '/legal/rules', '/report', '/settings/pats', '/auth/sign-up', '/admin/billing/1']) {
      expect(isPagePath(p), p).toBe(true);
    }
    for (const p of ['/no-such-page-xyz', '/modsx', '/legalese', '/x/mods', '/dashboardx']) expect(isPagePath(p), p).toBe(false);
    expect(isPagePath('/wiki/a', ['/wiki'])).toBe(true);
    expect(SHELL_PAGES).toContain('/legal');
    expect(routeMatches('/mods/', '/mods/a')).toBe(true);
  });
});
