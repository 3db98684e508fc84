/**
 * The one write client of the front end: a command (POST/PATCH/PUT/DELETE) with a JSON, file or
 * multipart body. Failures become the API's `{error, description}` ApiError; the log position the
 * command reached is remembered (every later read waits for it, see api.ts) and answered, so a
 * caller can also wait for it explicitly before reloading.
 */
import { MIN_POSITION_PARAM } from '@modshelf/contract/headers';
import { apiFetch, apiRequest, type ApiAnswer, type Query } from './api';

export type WriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface WriteOptions {
  query?: Query;
  /** A body sent as is instead of JSON: a file (with `contentType`) or a multipart FormData. */
  raw?: Blob | FormData;
  contentType?: string;
}

/** A write; answers its JSON body (if any) and the log position it reached (null when none). */
export function command<T = void>(path: string, method: WriteMethod, body?: unknown, opts: WriteOptions = {}): Promise<ApiAnswer<T>> {
  const headers = new Headers();
  let payload: BodyInit | undefined;
  if (opts.raw !== undefined) {
    payload = opts.raw;
    if (opts.contentType) headers.set('Content-Type', opts.contentType);
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers.set('Content-Type', 'application/json');
  }
  return apiRequest<T>(path, { method, headers, body: payload, query: opts.query });
}

/** caughtUp's read when no path is given: one search hit, which waits for the read models and the search index alike. */
const CAUGHT_UP_PROBE = { path: '/search', query: { limit: 1 } };

/**
 * Waits (bounded, server side) until the read side has passed `position`: one read of `path` with
 * `min_position`. A miss (e.g. the write deleted what `path` names) ends the wait. Without a path, one search hit
 * (CAUGHT_UP_PROBE): a read that costs the same at any catalogue size (`/statistics`, which it read before, counts every
 * version and file: at 100k projects 40 ms of the server's event loop).
 */
export async function caughtUp(position: number | null, path?: string): Promise<void> {
  if (!position) return;
  try {
    const query = path === undefined ? CAUGHT_UP_PROBE.query : {};
    await apiFetch(path ?? CAUGHT_UP_PROBE.path, { query: { ...query, [MIN_POSITION_PARAM]: position } });
  } catch {
    /* best effort: later reads carry the position too */
  }
}
