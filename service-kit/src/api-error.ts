import { DomainError, ERROR_KINDS, type ErrorBody, type ErrorCode, type ErrorKind } from '@modshelf/contract';

export {
  conflict,
  forbidden,
  invalidInput,
  missingScope,
  notFound,
  payloadTooLarge,
  unauthorized,
  type ErrorBody,
} from '@modshelf/contract';

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

function kindOfStatus(status: number): ErrorKind {
  const kind = ERROR_KINDS.find((k) => STATUS_OF_KIND[k] === status);
  if (!kind) throw new Error(`no error kind answers HTTP ${status}`);
  return kind;
}

/** An edge (route) error named by its status: a domain error of the kind that status maps to. */
export class ApiError extends DomainError {
  constructor(
    readonly status: number,
    error: ErrorCode,
    description: string,
    headers: Record<string, string> = {},
  ) {
    super(kindOfStatus(status), description, { code: error, headers });
    this.name = 'ApiError';
  }

  get error(): string {
    return this.code;
  }
}
