import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidInput } from './api-error';

/** Paths whose query parameters are API input (the web front end's pages keep their own rules). */
export const API_PREFIXES = ['/v2'];

const isApiPath = (url: string, prefixes: string[]) => {
  const path = url.split('?', 1)[0];
  return prefixes.some((p) => path === p || path.startsWith(`${p}/`));
};

/**
 * Every API parameter is given at most once (Modrinth's API takes lists as JSON arrays,
 * never as repeated parameters). A repeated parameter (`?offset=1&offset=2`) is answered
 * 400 `invalid_input` for every route at once, before any handler sees an array where it
 * expects a string.
 */
export function repeatedQueryParameter(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return null;
  for (const [name, value] of Object.entries(query)) if (Array.isArray(value)) return name;
  return null;
}

export function installQueryGuard(app: FastifyInstance, prefixes: string[] = API_PREFIXES): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url, prefixes)) return;
    const name = repeatedQueryParameter(request);
    if (name !== null) {
      const count = (request.query as Record<string, unknown[]>)[name].length;
      throw invalidInput(`query parameter '${name.slice(0, 64)}' is given ${count} times; give it once`);
    }
  });
}
