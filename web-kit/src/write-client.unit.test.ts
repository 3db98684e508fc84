import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@modshelf/contract/headers';
import { apiFetch, ApiError, getLastWritePosition, resetLastWritePosition, setAuthToken } from './api';
import { caughtUp, command } from './write-client';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/** A fetch that records each request and answers the next canned response. */
function recordingFetch(answers: { status: number; position?: string; body?: string }[]) {
  const seen: Seen[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    seen.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body });
    const a = answers.shift() ?? { status: 200, body: '{}' };
    const headers = new Headers({ 'content-type': 'application/json' });
    if (a.position !== undefined) headers.set(POSITION_HEADER, a.position);
    return new Response(a.status === 204 ? null : (a.body ?? ''), { status: a.status, headers });
  });
  vi.stubGlobal('fetch', fn);
  return seen;
}

describe('the write client', () => {
  beforeEach(() => resetLastWritePosition());
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthToken(null);
  });

  it('sends JSON with the CSRF marker and the token, and answers the body and the position it reached', async () => {
    const seen = recordingFetch([{ status: 200, position: '17', body: '{"id":"abc"}' }]);
    setAuthToken('mrp_token');
    const r = await command<{ id: string }>('/collection', 'POST', { name: 'Mine' }, { query: { x: 1 } });
    expect(r).toEqual({ data: { id: 'abc' }, position: 17 });
    expect(seen[0].url).toBe('/v2/collection?x=1');
    expect(seen[0].method).toBe('POST');
    expect(seen[0].body).toBe('{"name":"Mine"}');
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
    expect(seen[0].headers.get('X-Requested-With')).toBe('modshelf');
    expect(seen[0].headers.get('Authorization')).toBe('mrp_token');
  });

  it('sends a file with its own type and a multipart body with none (the browser adds the boundary)', async () => {
    const seen = recordingFetch([
      { status: 204, position: '3' },
      { status: 200, position: '4', body: '' },
    ]);
    const file = new Blob(['png'], { type: 'image/png' });
    expect(await command('/project/p/icon', 'PATCH', undefined, { raw: file, contentType: 'image/png', query: { ext: 'png' } })).toEqual({
      data: undefined,
      position: 3,
    });
    const fd = new FormData();
    fd.append('data', '{}');
    expect(await command('/version', 'POST', undefined, { raw: fd })).toEqual({ data: undefined, position: 4 });
    expect(seen[0].headers.get('Content-Type')).toBe('image/png');
    expect(seen[0].body).toBe(file);
    expect(seen[1].headers.has('Content-Type')).toBe(false);
    expect(seen[1].body).toBe(fd);
  });

  it("maps a failure to the API's {error, description}, and a bare 404 to not_found", async () => {
    recordingFetch([
      { status: 400, body: '{"error":"invalid_input","description":"Name is too short"}' },
      { status: 404, body: '' },
    ]);
    const first = await command('/collection', 'POST', { name: '' }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 400, error: 'invalid_input', description: 'Name is too short' });
    await expect(command('/collection/x', 'DELETE')).rejects.toMatchObject({ status: 404, error: 'not_found', description: 'Not found' });
  });

  it('remembers the highest position, so later reads wait for it; a write without one answers null', async () => {
    const seen = recordingFetch([{ status: 204, position: '40' }, { status: 204 }, { status: 200, body: '{}' }]);
    expect((await command('/notification/a', 'PATCH')).position).toBe(40);
    expect((await command('/notification/b', 'DELETE')).position).toBeNull();
    await apiFetch('/user/u/notifications');
    expect(getLastWritePosition()).toBe(40);
    expect(seen[2].headers.get(MIN_POSITION_HEADER)).toBe('40');
  });

  it('caughtUp reads once with min_position, and not at all without a position; a miss ends the wait', async () => {
    const seen = recordingFetch([{ status: 404, body: '' }]);
    await caughtUp(null);
    expect(seen).toHaveLength(0);
    await expect(caughtUp(12, '/project/gone')).resolves.toBeUndefined();
    expect(seen.map((s) => s.url)).toEqual(['/v2/project/gone?min_position=12']);
  });

  it('caughtUp without a path reads one search hit, which waits for the index too', async () => {
    const seen = recordingFetch([{ status: 200, body: '{"hits":[],"offset":0,"limit":1,"total_hits":0}' }]);
    await caughtUp(7);
    expect(seen.map((s) => s.url)).toEqual(['/v2/search?limit=1&min_position=7']);
  });
});
