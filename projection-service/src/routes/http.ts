import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '@modshelf/events';
import { MAX_POSITION_WAIT_MS, MIN_POSITION_HEADER, MIN_POSITION_PARAM, POSITION_HEADER, hasScope, invalidInput, type ScopeName } from '@modshelf/service-kit';
import type { ReadScope } from '../runner/runner';
import { readerOf, type QueryDeps, type Reader } from './context';

/** The caller, as the site's auth hook resolved it (null when anonymous). */
export function actorOf(request: FastifyRequest): Actor | null {
  return request.actor ?? null;
}

/** The caller when their token carries `scope`; otherwise treated as anonymous (as Modrinth does for reads). */
export function actorWith(request: FastifyRequest, scope: ScopeName): Actor | null {
  const a = actorOf(request);
  return a && hasScope(a.scopes, scope) ? a : null;
}

/** actorWith, with the organizations the caller belongs to: what project visibility needs. */
export function readerWith(deps: QueryDeps, request: FastifyRequest, scope: ScopeName): Promise<Reader | null> {
  return readerOf(deps.projections.storage.readModels, actorWith(request, scope));
}

/** The position the caller presents (header or parameter), null when none; a 400 when it is not a position. */
export function minPositionOf(request: FastifyRequest): number | null {
  const header = request.headers[MIN_POSITION_HEADER];
  const param = (request.query as Record<string, unknown> | undefined)?.[MIN_POSITION_PARAM];
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof param === 'string' ? param : undefined);
  if (raw === undefined || raw === '') return null;
  const pos = Number(raw);
  if (!Number.isSafeInteger(pos) || pos < 0) throw invalidInput(`${MIN_POSITION_PARAM} must be a non-negative integer`);
  return pos;
}

/**
 * Read-your-writes: waits (bounded) until the projections the route reads (`scope`: the read models
 * only, or the search index too) pass the position the caller presents; the answer's position
 * header says how far they are.
 */
export async function waitForMinPosition(deps: QueryDeps, request: FastifyRequest, reply: FastifyReply, scope: ReadScope = 'all'): Promise<void> {
  const pos = minPositionOf(request);
  if (pos !== null && pos > deps.projections.checkpoint(scope)) {
    // A position past the log's head was never answered by a command: nothing to wait for.
    const head = await deps.projections.head();
    // a halted projection will not pass it: answer at once from the last good state (the header says which)
    const halted = deps.projections.failures().some((f) => f.position <= pos);
    if (pos <= head && !halted) await deps.projections.waitForPosition(pos, MAX_POSITION_WAIT_MS, scope);
  }
  reply.header(POSITION_HEADER, String(deps.projections.checkpoint(scope)));
}

/** The preHandler of a query route: read-your-writes (waitForMinPosition) for the stores it reads (default: the read models only). */
export function minPositionWait(deps: QueryDeps, scope: ReadScope = 'read-models'): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return (request, reply) => waitForMinPosition(deps, request, reply, scope);
}
