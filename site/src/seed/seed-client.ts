import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@modshelf/service-kit';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface SeedRequest {
  method: Method;
  url: string;
  token?: string | null;
  payload?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** How long a state read may wait for the projections to pass the seed's own writes. */
const READ_DEADLINE_MS = 120_000;

/**
 * The seed's HTTP client: the site's real routes through `inject`, with read-your-writes.
 * Every write's `x-modshelf-position` is remembered, and every read waits until the
 * projections have passed it, so a state check after a write (or after a restart, from the
 * log's head) never sees an older state and never makes the seed repeat a step.
 */
export class SeedClient {
  private position: number;

  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string>,
    startPosition: number,
  ) {
    this.position = startPosition;
  }

  /** Sends a request; answers of 400 and above are returned, not thrown. */
  async send(r: SeedRequest): Promise<LightMyRequestResponse> {
    const read = r.method === 'GET' && r.url.startsWith('/v2/');
    const headers = {
      ...(r.token ? { authorization: r.token } : {}),
      'user-agent': 'modshelf-seed/1.0',
      ...this.headers,
      ...(read ? { [MIN_POSITION_HEADER]: String(this.position) } : {}),
      ...r.headers,
    };
    const deadline = Date.now() + READ_DEADLINE_MS;
    for (;;) {
      const res = await this.app.inject({ method: r.method, url: r.url, headers, payload: r.payload as never, remoteAddress: r.remoteAddress });
      const at = Number(res.headers[POSITION_HEADER]);
      if (!read) {
        if (res.statusCode < 400 && Number.isSafeInteger(at) && at > this.position) this.position = at;
        return res;
      }
      // a read answered before the projections passed our writes (bounded wait elapsed): ask again
      if (!Number.isSafeInteger(at) || at >= this.position || res.statusCode >= 500) return res;
      if (Date.now() > deadline) throw new Error(`seed: the projections did not reach position ${this.position} (at ${at})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Sends a request that must succeed. */
  async ok(r: SeedRequest): Promise<LightMyRequestResponse> {
    const res = await this.send(r);
    if (res.statusCode >= 400) throw new Error(`seed: ${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res;
  }

  /** A read: the JSON answer, or null on 404. */
  async find<T>(url: string, token?: string | null): Promise<T | null> {
    const res = await this.send({ method: 'GET', url, token });
    if (res.statusCode === 404) return null;
    if (res.statusCode >= 400) throw new Error(`seed: GET ${url} -> ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res.json() as T;
  }
}
