import { describe, expect, it } from 'vitest';
import { apiUrls, buildUrl, DEFAULT_PAGE_SIZE } from '@modshelf/web-kit';
import { firstIcons, firstReads, ICONS_ABOVE_FOLD, pagePatternMatches, withImagePreloads, withPreloadedData, withPreloadLinks } from './web-preload';

const HTML = '<html><head><title>x</title></head><body></body></html>';

describe('page preload hints', () => {
  it('matches modshelf.pages patterns: a :param is one segment, a final * any rest', () => {
    expect(pagePatternMatches('/mods', '/mods')).toBe(true);
    expect(pagePatternMatches('/mods', '/mods/x')).toBe(false);
    expect(pagePatternMatches('/mod/:id/*', '/mod/swift-beacons')).toBe(true);
    expect(pagePatternMatches('/mod/:id/*', '/mod/swift-beacons/versions')).toBe(true);
    expect(pagePatternMatches('/mod/:id/*', '/mod')).toBe(false);
    expect(pagePatternMatches('/mod/:id/*', '/modpack/x')).toBe(false);
  });

  it('names each script in a preload link in the head', () => {
    const html = withPreloadLinks(HTML, ['/main.1.js', '/remotes/catalogue/remoteEntry.js?v=1%23a&b']);
    expect(html).toContain('<link rel="preload" as="script" href="/main.1.js">');
    expect(html).toContain('href="/remotes/catalogue/remoteEntry.js?v=1%23a&amp;b"></head>');
  });

  it('inlines API answers as JSON that no markdown body can break out of', () => {
    const body = '</script><script>alert(1)</script> \u2028';
    const html = withPreloadedData(HTML, { '/v2/project/x': { body } });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/json" id="ms-preloaded">(.*)<\/script><\/head>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual({ '/v2/project/x': { body } });
    expect(withPreloadedData(HTML, {})).toBe(HTML);
  });
});

describe('first reads inlined in the page', () => {
  it('are the URLs the home and search pages ask for (web-kit buildUrl, with the pages own parameters)', () => {
    expect(firstReads('/', '')).toEqual([apiUrls.search({ index: 'downloads', limit: 6 }), apiUrls.search({ index: 'newest', limit: 6 })]);
    for (const [path, type] of [
      ['/mods', 'mod'],
      ['/modpacks', 'modpack'],
      ['/servers', 'server'],
    ]) {
      const search = buildUrl('/search', {
        query: '',
        facets: JSON.stringify([[`project_type:${type}`]]),
        index: 'relevance',
        offset: 0,
        limit: DEFAULT_PAGE_SIZE,
      });
      expect(firstReads(path!, '')).toEqual([search, ...(['category', 'loader', 'game_version', 'license'] as const).map((t) => apiUrls.tag(t))]);
    }
  });

  it('are none for a page with a query string (its reads depend on it) or another page', () => {
    expect(firstReads('/mods', 'q=sword')).toEqual([]);
    expect(firstReads('/user/x', '')).toEqual([]);
  });
});

describe('icons preloaded with a search page', () => {
  const hits = Array.from({ length: 10 }, (_, i) => ({ slug: `p${i}`, icon_url: i === 1 ? null : `https://cdn.example/icons/${i}.png?a=1&b=2` }));

  it('are the icons of its first results above the fold, from its inlined first answer', () => {
    const data = { [firstReads('/mods', '')[0]!]: { hits } };
    const icons = firstIcons('/mods', '', data);
    expect(icons).toEqual(hits.slice(0, ICONS_ABOVE_FOLD).flatMap((h) => (h.icon_url ? [h.icon_url] : [])));
    expect(withImagePreloads(HTML, icons.slice(0, 1))).toContain('<link rel="preload" as="image" href="https://cdn.example/icons/0.png?a=1&amp;b=2"></head>');
  });

  it('are none without the answer, with a query string, or on another page', () => {
    expect(firstIcons('/mods', '', {})).toEqual([]);
    expect(firstIcons('/mods', 'q=x', { [firstReads('/mods', '')[0]!]: { hits } })).toEqual([]);
    expect(firstIcons('/', '', { [firstReads('/', '')[0]!]: { hits } })).toEqual([]);
  });
});
