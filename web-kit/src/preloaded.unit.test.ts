import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiFetch, resetLastWritePosition } from './api';
import { resetPreloaded, takePreloaded } from './preloaded';

describe('API answers inlined in the page', () => {
  beforeEach(() => resetLastWritePosition());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetPreloaded();
  });

  it('answers a project page first reads from the page, each once, then from the API', async () => {
    const project = { id: 'AbCd1234', slug: 'swift-beacons', title: 'Swift Beacons' };
    resetPreloaded({ '/v2/project/swift-beacons': project, '/v2/project/AbCd1234/version': [] });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...project, title: 'from the API' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await api.project('swift-beacons')).toEqual(project);
    expect(await api.projectVersions('AbCd1234')).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    // a second read (a reload, a refresh after a write) asks the API
    expect((await api.project('swift-beacons')).title).toBe('from the API');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never answers a write, or a read after this page wrote, from the page', async () => {
    resetPreloaded({ '/v2/project/x': { title: 'inlined' } });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ title: 'fresh' }), { status: 200, headers: { 'x-modshelf-position': '9' } }));
    vi.stubGlobal('fetch', fetch);
    await apiFetch('/project/x', { method: 'PATCH', body: '{}' });
    expect(await apiFetch('/project/x')).toEqual({ title: 'fresh' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keys answers by the exact API URL, query included', () => {
    resetPreloaded({ '/v2/search?limit=6': { hits: [] } });
    expect(takePreloaded('/v2/search?limit=7')).toBeUndefined();
    expect(takePreloaded('/v2/search?limit=6')).toEqual({ hits: [] });
    expect(takePreloaded('/v2/search?limit=6')).toBeUndefined();
  });
});
