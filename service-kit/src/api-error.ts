/** The wire's error shape: {"error": code, "description": text} (Modrinth v2, pre-#6981 codes). */
export interface ErrorBody {
  error: string;
  description: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'ApiError';
  }

  body(): ErrorBody {
    return { error: this.error, description: this.description };
  }
}

export const invalidInput = (description: string) => new ApiError(400, 'invalid_input', description);
export const unauthorized = (description = 'Authentication Error: Invalid Authentication Credentials') =>
  new ApiError(401, 'unauthorized', description);
/** Missing scope: Modrinth answers 401 for it. */
export const missingScope = (scope: string) =>
  new ApiError(401, 'unauthorized', `Authentication Error: the token is missing the ${scope} scope`);
export const forbidden = (description: string) => new ApiError(403, 'unauthorized', description);
export const notFound = (description = 'the requested item was not found') => new ApiError(404, 'not_found', description);
export const conflict = (description: string) => new ApiError(409, 'conflict', description);
export const payloadTooLarge = (description: string) => new ApiError(413, 'payload_too_large', description);
