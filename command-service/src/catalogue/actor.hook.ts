import type { FastifyRequest } from 'fastify';
import type { Actor } from '@modshelf/events';
import { hasScope, missingScope, unauthorized, type ScopeName } from '@modshelf/service-kit';

/** request.actor as set by the auth hook (service-kit installAuth); null when anonymous. */
export function actorOf(request: FastifyRequest): Actor | null {
  return request.actor ?? null;
}

/** The signed-in actor holding every scope named; 401 `unauthorized` otherwise (Modrinth answers 401 for a missing scope). */
export function requireScopes(request: FastifyRequest, ...scopes: ScopeName[]): Actor {
  const actor = actorOf(request);
  if (!actor) throw unauthorized();
  for (const s of scopes) if (!hasScope(actor.scopes, s)) throw missingScope(s);
  return actor;
}
