import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, getLastWritePosition, MIN_POSITION_HEADER, resetLastWritePosition } from './api';

/** A fetch that records each request's headers and answers with the given position header. */
function recordingFetch(answers: { status: number; position?: string; body?: unknown }[]) {
  const seen: { url: string; method: string; headers: Headers }[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    seen.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers) });
    const a = answers.shift() ?? { status: 200, body: {} };
    const headers = new Headers({ 'content-type': 'application/json' });
    if (a.position !== undefined) headers.set('x-modshelf-position', a.position);
    return new Response(a.status === 204 ? null : JSON.stringify(a.body ?? {}), { status: a.status, headers });
  });
  return { fn, seen };
}

describe('read-your-writes in apiFetch', () => {
  beforeEach(() => resetLastWritePosition());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the position a write reached with every later read', async () => {
    const { fn, seen } = recordingFetch([
      { status: 200, body: {} },
      { status: 200, position: '42', body: { session: 'x' } },
      { status: 200, body: { id: 'u' } },
    ]);
    vi.stubGlobal('fetch', fn);
    await apiFetch('/tag/category');
    await apiFetch('/auth/create', { method: 'POST', body: '{}' });
    await apiFetch('/user');
    expect(seen[0].headers.has(MIN_POSITION_HEADER)).toBe(false);
    expect(seen[1].headers.has(MIN_POSITION_HEADER)).toBe(false);
    expect(seen[2].headers.get(MIN_POSITION_HEADER)).toBe('42');
    expect(getLastWritePosition()).toBe(42);
  });

  it('keeps the highest position, ignores reads and malformed headers', async () => {
    const { fn, seen } = recordingFetch([
      { status: 204, position: '50' },
      { status: 204, position: '7' },
      { status: 200, position: '900', body: {} },
      { status: 204, position: 'nonsense' },
      { status: 200, body: {} },
    ]);
    vi.stubGlobal('fetch', fn);
    await apiFetch('/project/a/follow', { method: 'POST' });
    await apiFetch('/project/b/follow', { method: 'DELETE' });
    await apiFetch('/search');
    await apiFetch('/project/c/follow', { method: 'POST' });
    await apiFetch('/project/a');
    expect(getLastWritePosition()).toBe(50);
    expect(seen[4].headers.get(MIN_POSITION_HEADER)).toBe('50');
  });

  it('leaves a position the caller set alone', async () => {
    const { fn, seen } = recordingFetch([
      { status: 204, position: '10' },
      { status: 200, body: {} },
    ]);
    vi.stubGlobal('fetch', fn);
    await apiFetch('/report', { method: 'POST' });
    await apiFetch('/report', { headers: { [MIN_POSITION_HEADER]: '12' } });
    expect(seen[1].headers.get(MIN_POSITION_HEADER)).toBe('12');
  });
});
