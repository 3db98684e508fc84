import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POSITION_HEADER, conflict, invalidInput } from '@modshelf/service-kit';
import { actorOf } from '../actor';
import type { IdempotencyStore } from './idempotency-store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEPT_HEADERS = ['content-type', POSITION_HEADER];

const claims = new WeakMap<FastifyRequest, { scope: string; key: string; settled: boolean }>();

/**
 * Idempotency-Key for every command route of the scope: the first request with a
 * key (per actor) runs and its answer (anything but a 5xx) is stored; a repeat
 * gets that answer back and appends nothing; a repeat while the first is still
 * running gets 409. A key reused for another method or path is bad input.
 * Transient answers (409, 429, 5xx) free the key instead of being replayed.
 */
export function installIdempotency(app: FastifyInstance, store: IdempotencyStore, now: () => Date): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 255) throw invalidInput('Idempotency-Key must be 1 to 255 characters');
    const actor = actorOf(request);
    if (!actor) return; // the route answers 401; nothing to remember
    const fingerprint = `${request.method} ${request.url}`;
    const claim = await store.claim(actor.userId, key, fingerprint, now());
    if (claim.state === 'claimed') {
      claims.set(request, { scope: actor.userId, key, settled: false });
      return;
    }
    if (claim.fingerprint !== fingerprint) throw invalidInput('This Idempotency-Key was already used for a different request');
    if (claim.state === 'running') throw conflict('A request with this Idempotency-Key is still being processed');
    reply.status(claim.answer.status).headers({ ...claim.answer.headers, [REPLAYED_HEADER]: 'true' });
    return reply.send(claim.answer.body === '' ? undefined : claim.answer.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const c = claims.get(request);
    if (!c || c.settled) return payload;
    c.settled = true;
    // transient answers (conflict after retries, rate limit, server errors) are not remembered: a retry with the key runs again
    if (reply.statusCode >= 500 || reply.statusCode === 409 || reply.statusCode === 429 || (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await store.release(c.scope, c.key);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) {
      const v = reply.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    const body = payload === null || payload === undefined ? '' : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    await store.complete(c.scope, c.key, { status: reply.statusCode, headers, body });
    return payload;
  });

  // a request that ended without an answer (client gone) frees its key
  app.addHook('onResponse', async (request) => {
    const c = claims.get(request);
    if (c && !c.settled) {
      c.settled = true;
      await store.release(c.scope, c.key);
    }
  });
}
