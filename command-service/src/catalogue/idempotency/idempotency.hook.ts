import { Conflict } from '@modshelf/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventStore } from '@modshelf/events';
import { POSITION_HEADER, answerFor, conflict, invalidInput } from '@modshelf/service-kit';
import { actorOf } from '../actor.hook';
import type { IdempotencyStore } from './idempotency-store';
import { idempotentCommandId } from './command-id';

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
 * A key whose request was running when the process died is looked up in the log: a command
 * with the key's command id (see command-id.ts) written after the claim means it was applied,
 * and the retry is told so (409 already_applied, kept as the key's answer) instead of applying
 * it a second time; otherwise the retry runs.
 */
export function installIdempotency(app: FastifyInstance, store: IdempotencyStore, now: () => Date, log: EventStore): void {
  // callback hooks with a synchronous way out: most requests carry no key and pay no promise for these hooks; named, so a
  // CPU profile shows them by name (bench/command-path.ts)
  app.addHook('preHandler', function idempotencyClaim(request, reply, done) {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !WRITE_METHODS.has(request.method)) return done();
    claimOrReplay(request, reply, raw).then(() => done(), done);
  });
  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply, raw: string | string[]) => {
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 255) throw invalidInput('Idempotency-Key must be 1 to 255 characters');
    const actor = actorOf(request);
    if (!actor) return; // the route answers 401; nothing to remember
    const fingerprint = `${request.method} ${request.url}`;
    const claim = await store.claim(actor.userId, key, fingerprint, now(), await log.headPosition());
    if (claim.state === 'claimed') {
      claims.set(request, { scope: actor.userId, key, settled: false });
      return;
    }
    if (claim.fingerprint !== fingerprint) throw invalidInput('This Idempotency-Key was already used for a different request');
    if (claim.state === 'interrupted') {
      if (!(await store.resume(actor.userId, key))) throw conflict('A request with this Idempotency-Key is still being processed');
      const commandId = idempotentCommandId(actor.userId, key);
      const applied = (await log.readAll({ after: claim.position })).find((e) => e.metadata.commandId === commandId);
      if (!applied) {
        claims.set(request, { scope: actor.userId, key, settled: false });
        return;
      }
      const err = new Conflict(
        `This request was applied (log position ${applied.position}) before the server restarted, and its first answer was lost: read the resource for its state`,
        { code: 'already_applied' },
      );
      const answer = answerFor(err);
      const body = JSON.stringify(answer.body);
      await store.complete(actor.userId, key, {
        status: answer.status,
        headers: { 'content-type': 'application/json; charset=utf-8', [POSITION_HEADER]: String(applied.position) },
        body,
      });
      reply
        .status(answer.status)
        .headers({ 'content-type': 'application/json; charset=utf-8', [POSITION_HEADER]: String(applied.position), [REPLAYED_HEADER]: 'true' });
      return reply.send(body);
    }
    if (claim.state === 'running') throw conflict('A request with this Idempotency-Key is still being processed');
    reply.status(claim.answer.status).headers({ ...claim.answer.headers, [REPLAYED_HEADER]: 'true' });
    return reply.send(claim.answer.body === '' ? undefined : claim.answer.body);
  };

  app.addHook('onSend', function idempotencySettle(request, reply, payload, done) {
    const c = claims.get(request);
    if (!c || c.settled) return done(null, payload);
    c.settled = true;
    settle(c, reply, payload).then(() => done(null, payload), done);
  });
  const settle = async (c: { scope: string; key: string }, reply: FastifyReply, payload: unknown) => {
    // transient answers (conflict after retries, rate limit, server errors) are not remembered: a retry with the key runs again
    if (
      reply.statusCode >= 500 ||
      reply.statusCode === 409 ||
      reply.statusCode === 429 ||
      (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      await store.release(c.scope, c.key);
      return;
    }
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) {
      const v = reply.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    const body = payload === null || payload === undefined ? '' : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    await store.complete(c.scope, c.key, { status: reply.statusCode, headers, body });
  };

  // a request that ended without an answer (client gone) frees its key
  app.addHook('onResponse', function idempotencyRelease(request, _reply, done) {
    const c = claims.get(request);
    if (!c || c.settled) return done();
    c.settled = true;
    store.release(c.scope, c.key).then(() => done(), done);
  });
}
