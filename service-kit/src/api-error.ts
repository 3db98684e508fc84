/** The HTTP edge of the contract's domain errors: which status each kind answers. */
import type { DomainError, ErrorBody, ErrorKind } from '@modshelf/contract';

export { conflict, forbidden, invalidInput, missingScope, notFound, payloadTooLarge, unauthorized, type ErrorBody } from '@modshelf/contract';

/** The HTTP status each kind of domain error answers: the only place a kind becomes a status. */
export const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  payment_failed: 424,
  rate_limited: 429,
};

/** An HTTP answer for a domain error. */
export interface DomainErrorAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: ErrorBody;
}

export function answerFor(err: DomainError): DomainErrorAnswer {
  return { status: STATUS_OF_KIND[err.kind], headers: err.headers, body: err.body() };
}
