/** Test-only: one domain error of each kind and the status, code, description and headers it answers. */
import {
  Conflict,
  DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  PayloadTooLarge,
  PaymentFailed,
  RateLimited,
  Unauthorized,
  missingScope,
} from '@modshelf/contract';

export const CASES: Array<[DomainError, number, string, string, Record<string, string>]> = [
  [new InvalidInput('name: too short'), 400, 'invalid_input', 'name: too short', {}],
  [new Unauthorized(), 401, 'unauthorized', 'Authentication Error: Invalid Authentication Credentials', {}],
  [missingScope('PROJECT_WRITE'), 401, 'unauthorized', 'Authentication Error: the token is missing the PROJECT_WRITE scope', {}],
  [new Forbidden('Cross-site request refused'), 403, 'unauthorized', 'Cross-site request refused', {}],
  [new NotFound(), 404, 'not_found', 'the requested item was not found', {}],
  [new Conflict('This collection already exists'), 409, 'conflict', 'This collection already exists', {}],
  [new Conflict('applied before', { code: 'already_applied' }), 409, 'already_applied', 'applied before', {}],
  [new PayloadTooLarge('The avatar may be up to 2 MiB'), 413, 'payload_too_large', 'The avatar may be up to 2 MiB', {}],
  [new DomainError('unsupported_media_type', 'no parser'), 415, 'invalid_input', 'no parser', {}],
  [new PaymentFailed('card declined'), 424, 'payments_error', 'card declined', {}],
  [
    new RateLimited('Too many attempts', { headers: { 'retry-after': '30', 'x-ratelimit-remaining': '0' } }),
    429,
    'ratelimit_error',
    'Too many attempts',
    { 'retry-after': '30', 'x-ratelimit-remaining': '0' },
  ],
  [new InvalidInput('PKCE verification failed', { code: 'invalid_grant' }), 400, 'invalid_grant', 'PKCE verification failed', {}],
];
