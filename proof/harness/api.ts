import { MIN_POSITION_HEADER, POSITION_HEADER } from '@modshelf/service-kit';
import { RATE_LIMIT_KEY } from './site-process';

/** The `{error, description}` shape of every 4xx and 5xx answer. */
export interface ErrorBody {
  error: string;
  description: string;
}

/** An answer whose fields the caller reads may be an error instead: its fields, each maybe missing. */
export type Maybe<T> = Partial<T> & Partial<ErrorBody>;

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** The `description` of an error answer ('' when the body has none). */
export function errorDescription(body: unknown): string {
  return typeof body === 'object' && body !== null && 'description' in body ? String(body.description) : '';
}

/** One request to the site with the rate-limit bypass key; JSON in, JSON (or text) out. Never throws on a status. */
export async function call<T = unknown>(
  url: string,
  method: string,
  path: string,
  options: { token?: string | null; json?: unknown; body?: Buffer | string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-ratelimit-key': RATE_LIMIT_KEY, ...options.headers };
  if (options.token) headers.authorization = options.token;
  let body: Buffer | string | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(url + path, {
    method,
    headers,
    body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
    signal: options.signal,
  });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** Like `call`, but a 4xx or 5xx answer is an error. */
export async function ok<T = unknown>(url: string, method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Answer<T>> {
  const a = await call<T>(url, method, path, options);
  if (a.status >= 400) throw new Error(`${method} ${path} -> ${a.status} ${a.text.slice(0, 300)}`);
  return a;
}

/** Signs up a new user and returns its session token and id. */
export async function signUp(url: string, username: string): Promise<{ token: string; id: string }> {
  const created = await ok<{ session: string }>(url, 'POST', '/v2/auth/create', {
    json: { username, password: `${username}-password`, email: `${username}@example.org` },
  });
  const token: string = created.body.session;
  // read-your-writes: the new user's read model may still be behind (the site seeding, another load)
  const me = await ok<{ id: string }>(url, 'GET', '/v2/user', { token, headers: { [MIN_POSITION_HEADER]: created.headers.get(POSITION_HEADER) ?? '0' } });
  return { token, id: me.body.id };
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  return (await ok<{ session: string }>(url, 'POST', '/v2/auth/login', { json: { username, password } })).body.session;
}

export const BOUNDARY = '----modshelf-proof';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[], boundary = BOUNDARY): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
