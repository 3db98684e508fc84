import { describe, expect, it } from 'vitest';
import { areaForPath, isExternal, matchRouteRule, parseManifest, routeMatches } from './areas';

describe('route ownership', () => {
  it('sends catalogue paths to the catalogue', () => {
    for (const p of ['/', '/mods', '/modpacks', '/servers', '/mod/x', '/behaviorpack/x/version/1', '/user/a', '/organization/o/mod', '/collection/c']) {
      expect(areaForPath(p, null), p).toBe('catalogue');
    }
  });
  it('sends the future parts to their remotes', () => {
    expect(areaForPath('/dashboard', null)).toBe('dashboard');
    expect(areaForPath('/dashboard/projects', null)).toBe('dashboard');
    expect(areaForPath('/settings/pats', null)).toBe('settings');
    expect(areaForPath('/auth/sign-in', null)).toBe('settings');
    expect(areaForPath('/moderation/review', null)).toBe('moderation');
    expect(areaForPath('/admin/billing/1', null)).toBe('moderation');
  });
  it('leaves unknown paths to the 404 page', () => {
    expect(areaForPath('/nope', null)).toBeNull();
    expect(areaForPath('/modsx', null)).toBeNull();
    expect(routeMatches('/', '/x')).toBe(false);
  });
  it('lets a manifest entry declare a new part', () => {
    const m = parseManifest({ buildId: 'b', remotes: [{ name: 'wiki', entry: '/remotes/wiki/remoteEntry.js', routes: ['/wiki'] }] });
    expect(areaForPath('/wiki/page', m)).toBe('wiki');
    expect(m.remotes[0].expose).toBe('./routes');
  });
  it('drops malformed manifest entries', () => {
    const m = parseManifest({ buildId: 1, remotes: [{ name: 'Bad Name', entry: '/x' }, { entry: '/y' }, null, { name: 'ok', entry: '/z' }] });
    expect(m.buildId).toBe('');
    expect(m.remotes.map((r) => r.name)).toEqual(['ok']);
    expect(parseManifest(undefined)).toEqual({ buildId: '', remotes: [] });
  });
});

describe('route rules', () => {
  const rules = { '/modpack': { redirect: '/modpacks' }, '/discord': { redirect: 'https://discord.gg/x' }, '/odd': {} };
  it('redirects matching paths, trailing slash ignored', () => {
    expect(matchRouteRule(rules, '/modpack')).toBe('/modpacks');
    expect(matchRouteRule(rules, '/modpack/')).toBe('/modpacks');
    expect(matchRouteRule(rules, '/modpack/x')).toBeNull();
    expect(matchRouteRule(rules, '/odd')).toBeNull();
  });
  it('tells external targets apart', () => {
    expect(isExternal('https://discord.gg/x')).toBe(true);
    expect(isExternal('/modpacks')).toBe(false);
  });
});
