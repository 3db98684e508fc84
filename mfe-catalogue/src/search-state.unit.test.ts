import { describe, expect, it } from 'vitest';
import {
  buildFacets,
  defaultSearchState,
  isLocked,
  pageCount,
  pageWindow,
  parseSearchParams,
  searchOffset,
  syncPatch,
  toSearchParams,
  unlockPatch,
} from './search-state';
import { environmentOf } from './environment';

describe('search state in the URL', () => {
  it('defaults per page (layouts: mods list, modpacks gallery, servers grid)', () => {
    expect(parseSearchParams(new URLSearchParams(), 'mod').layout).toBe('list');
    expect(parseSearchParams(new URLSearchParams(), 'modpack').layout).toBe('gallery');
    expect(parseSearchParams(new URLSearchParams(), 'server').layout).toBe('grid');
    expect(toSearchParams(defaultSearchState('mod'), 'mod').toString()).toBe('');
  });
  it('round-trips every field', () => {
    const s = {
      ...defaultSearchState('mod'),
      query: 'iron',
      categories: ['magic', 'food'],
      loaders: ['coreengine'],
      versions: ['1.11.4'],
      environments: ['client' as const],
      license: 'MIT',
      projectId: 'AbC',
      sort: 'downloads' as const,
      page: 3,
      limit: 50,
      layout: 'grid' as const,
    };
    const p = toSearchParams(s, 'mod', new URLSearchParams('hl=ru'));
    expect(p.get('hl')).toBe('ru');
    expect(parseSearchParams(p, 'mod')).toEqual(s);
  });
  it('ignores junk', () => {
    const s = parseSearchParams(new URLSearchParams('s=bogus&m=7&page=-2&view=cards&e=moon'), 'mod');
    expect(s.sort).toBe('relevance');
    expect(s.limit).toBe(20);
    expect(s.page).toBe(1);
    expect(s.layout).toBe('list');
    expect(s.environments).toEqual([]);
  });
  it('builds Modrinth facets: AND between groups, OR inside', () => {
    const s = {
      ...defaultSearchState('mod'),
      categories: ['magic', 'food'],
      loaders: ['coreengine', 'behaviorpack'],
      versions: ['1.0.3', '1.11.4'],
      environments: ['server' as const],
      license: 'MIT',
      projectId: 'X',
    };
    expect(buildFacets(s, 'mod')).toEqual([
      ['project_type:mod'],
      ['categories:magic'],
      ['categories:food'],
      ['categories:coreengine', 'categories:behaviorpack'],
      ['versions:1.0.3', 'versions:1.11.4'],
      ['server_side:required', 'server_side:optional'],
      ['license:MIT'],
      ['project_id:X'],
    ]);
  });
  it('locked filters: provided values filter until unlocked; unlock starts from them; sync locks again', () => {
    const locked = parseSearchParams(new URLSearchParams('pv=1.11.4&pg=coreengine&v=1.0.3'), 'mod');
    expect(isLocked(locked, 'versions')).toBe(true);
    expect(isLocked(locked, 'loaders')).toBe(true);
    // the visitor's own version is ignored while the provided one is locked
    expect(buildFacets(locked, 'mod')).toEqual([['project_type:mod'], ['categories:coreengine'], ['versions:1.11.4']]);
    const unlocked = { ...locked, ...unlockPatch(locked, 'versions') };
    expect(isLocked(unlocked, 'versions')).toBe(false);
    expect(unlocked.versions).toEqual(['1.11.4']);
    const edited = { ...unlocked, versions: ['1.0.3'] };
    expect(buildFacets(edited, 'mod')).toEqual([['project_type:mod'], ['categories:coreengine'], ['versions:1.0.3']]);
    const url = toSearchParams(edited, 'mod');
    expect(url.getAll('ul')).toEqual(['v']);
    expect(parseSearchParams(url, 'mod')).toEqual(edited);
    const synced = { ...edited, ...syncPatch(edited, 'versions') };
    expect(isLocked(synced, 'versions')).toBe(true);
    expect(buildFacets(synced, 'mod')).toEqual(buildFacets(locked, 'mod').map((g) => (g[0].startsWith('versions') ? ['versions:1.11.4'] : g)));
    // nothing provided: nothing locked, and no ul in the URL
    const plain = parseSearchParams(new URLSearchParams('ul=v&v=1.0.3'), 'mod');
    expect(isLocked(plain, 'versions')).toBe(false);
    expect(toSearchParams(plain, 'mod').has('ul')).toBe(false);
  });

  it('pages', () => {
    expect(searchOffset({ page: 3, limit: 20 })).toBe(40);
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, 0, 8, 9, 10, 11, 12, 0, 20]);
  });
});

describe('environment', () => {
  it('names the five environments', () => {
    expect(environmentOf('required', 'required')).toBe('client_and_server');
    expect(environmentOf('required', 'unsupported')).toBe('client');
    expect(environmentOf('unsupported', 'required')).toBe('server');
    expect(environmentOf('optional', 'optional')).toBe('client_or_server');
    expect(environmentOf('unsupported', 'unsupported')).toBe('unsupported');
  });
});
