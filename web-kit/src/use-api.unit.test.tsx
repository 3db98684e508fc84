import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiUrls, resetLastWritePosition } from './api';
import { resetPreloaded } from './preloaded';
import { useApi } from './use-api';

/** Shows what useApi holds on its first render (a server render runs no effect, so nothing is fetched after it). */
function Title({ cacheKey, id, pageUrl }: { cacheKey: string; id: string; pageUrl?: string }) {
  const project = useApi(cacheKey, () => apiFetch<{ title: string }>(`/project/${id}`), pageUrl);
  return <h1>{project.data ? project.data.title : 'loading'}</h1>;
}

describe('useApi on a page that carries its first answers', () => {
  beforeEach(() => resetLastWritePosition());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetPreloaded();
  });

  it('renders the inlined answer on its first render, with no loading pass and no request', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    resetPreloaded({ [apiUrls.project('swift-beacons')]: { title: 'Swift Beacons' } });
    expect(renderToStaticMarkup(<Title cacheKey="first:swift-beacons" id="swift-beacons" pageUrl={apiUrls.project('swift-beacons')} />)).toBe(
      '<h1>Swift Beacons</h1>',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads as before without a page URL, for an answer the page does not carry, or after this page wrote', async () => {
    resetPreloaded({ [apiUrls.project('a')]: { title: 'A' }, [apiUrls.project('b')]: { title: 'B' } });
    expect(renderToStaticMarkup(<Title cacheKey="first:a" id="a" />)).toBe('<h1>loading</h1>');
    expect(renderToStaticMarkup(<Title cacheKey="first:c" id="c" pageUrl={apiUrls.project('c')} />)).toBe('<h1>loading</h1>');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'x-modshelf-position': '3' } })),
    );
    await apiFetch('/project/b', { method: 'PATCH', body: '{}' });
    expect(renderToStaticMarkup(<Title cacheKey="first:b" id="b" pageUrl={apiUrls.project('b')} />)).toBe('<h1>loading</h1>');
  });
});
