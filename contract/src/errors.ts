/**
 * The wire's errors: the `{"error": code, "description": text}` codes the API answers (Modrinth v2,
 * pre-#6981 codes) and the framework-free errors domain code throws. A domain error says what went
 * wrong (its `kind`); only the HTTP edge (service-kit's error handler) turns a kind into a status.
 */

/** Every `error` code the API answers. */
export const ERROR_CODES = [
  'invalid_input',
  'json_error',
  'invalid_image',
  'invalid_request',
  'invalid_grant',
  'invalid_client',
  'unauthorized',
  'not_found',
  'conflict',
  'already_applied',
  'payload_too_large',
  'payments_error',
  'ratelimit_error',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The wire's error shape. */
export interface ErrorBody {
  error: ErrorCode;
  description: string;
}

/** What went wrong, independent of a transport. */
export const ERROR_KINDS = [
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'payment_failed',
  'rate_limited',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The code a kind answers unless the error names another (Modrinth answers `unauthorized` for a refusal too). */
export const DEFAULT_CODE: Readonly<Record<ErrorKind, ErrorCode>> = {
  invalid_input: 'invalid_input',
  unauthorized: 'unauthorized',
  forbidden: 'unauthorized',
  not_found: 'not_found',
  conflict: 'conflict',
  payload_too_large: 'payload_too_large',
  unsupported_media_type: 'invalid_input',
  payment_failed: 'payments_error',
  rate_limited: 'ratelimit_error',
};

export interface DomainErrorOptions {
  /** the wire code, when it is not the kind's default (e.g. OAuth's `invalid_grant`) */
  code?: ErrorCode;
  /** headers the answer carries (e.g. Retry-After), as data */
  headers?: Readonly<Record<string, string>>;
}

/** A refused command or query. `description` is the text on the wire. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly kind: ErrorKind,
    readonly description: string,
    options: DomainErrorOptions = {},
  ) {
    super(description);
    this.name = 'DomainError';
    this.code = options.code ?? DEFAULT_CODE[kind];
    this.headers = options.headers ?? {};
  }

  body(): ErrorBody {
    return { error: this.code, description: this.description };
  }
}

export class InvalidInput extends DomainError {
  constructor(description: string, options?: DomainErrorOptions) {
    super('invalid_input', description, options);
  }
}

/** Missing or bad credentials, and (as Modrinth answers it) an authenticated caller without the right. */
export class Unauthorized extends DomainError {
  constructor(description = 'Authentication Error: Invalid Authentication Credentials', options?: DomainErrorOptions) {
    super('unauthorized', description, options);
  }
}

export class Forbidden extends DomainError {
  constructor(description: string, options?: DomainErrorOptions) {
    super('forbidden', description, options);
  }
}

export class NotFound extends DomainError {
  constructor(description = 'the requested item was not found', options?: DomainErrorOptions) {
    super('not_found', description, options);
  }
}

export class Conflict extends DomainError {
  constructor(description: string, options?: DomainErrorOptions) {
    super('conflict', description, options);
  }
}

export class PayloadTooLarge extends DomainError {
  constructor(description: string, options?: DomainErrorOptions) {
    super('payload_too_large', description, options);
  }
}

export class PaymentFailed extends DomainError {
  constructor(description: string, options?: DomainErrorOptions) {
    super('payment_failed', description, options);
  }
}

export class RateLimited extends DomainError {
  constructor(description: string, options?: DomainErrorOptions) {
    super('rate_limited', description, options);
  }
}

export const invalidInput = (description: string) => new InvalidInput(description);
export const unauthorized = (description?: string) => new Unauthorized(description);
/** Missing scope: Modrinth answers it as an authentication error. */
export const missingScope = (scope: string) => new Unauthorized(`Authentication Error: the token is missing the ${scope} scope`);
export const forbidden = (description: string) => new Forbidden(description);
export const notFound = (description?: string) => new NotFound(description);
export const conflict = (description: string) => new Conflict(description);
export const payloadTooLarge = (description: string) => new PayloadTooLarge(description);

export const isDomainError = (err: unknown): err is DomainError => err instanceof DomainError;
