import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { DomainError, type ErrorBody, type ErrorCode } from '@modshelf/contract';
import { answerFor } from './api-error';
import { installQueryGuard } from './query-guard';

/** busboy's words for a multipart body that is cut short or malformed (it gives these errors no code) */
const MALFORMED_MULTIPART = /unexpected end of multipart data|Boundary not found|Malformed part header/i;

/** An error body whose code is one of the contract's ERROR_CODES. */
const errorBody = (error: ErrorCode, description: string): ErrorBody => ({ error, description });

function describeZod(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`)
    .join('; ');
}

/**
 * Answers every failure in the {error, description} shape; never leaks a stack. A domain error
 * (@modshelf/contract) answers the status of its kind (STATUS_OF_KIND), its code, description and headers.
 * Also refuses repeated /v2 query parameters with 400 (see query-guard.ts), so no route meets one.
 */
export function installErrorHandling(app: FastifyInstance): void {
  installQueryGuard(app);
  app.setErrorHandler((err: FastifyError | DomainError | ZodError | Error, request, reply) => {
    if (err instanceof DomainError) {
      const answer = answerFor(err);
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(errorBody('invalid_input', describeZod(err)));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return reply.status(400).send(errorBody('json_error', `Error while parsing JSON: ${err.message}`));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT' || fe.code === 'FST_PARTS_LIMIT') {
      return reply.status(413).send(errorBody('payload_too_large', err.message));
    }
    if (MALFORMED_MULTIPART.test(err.message)) {
      return reply.status(400).send(errorBody('invalid_input', `The multipart body is malformed or ended early: ${err.message}`));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody('invalid_input', err.message));
    }
    if (fe.validation) {
      return reply.status(400).send(errorBody('invalid_input', err.message));
    }
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      const code: ErrorCode =
        fe.statusCode === 429 ? 'ratelimit_error' : fe.statusCode === 401 ? 'unauthorized' : fe.statusCode === 404 ? 'not_found' : 'invalid_input';
      return reply.status(fe.statusCode).send(errorBody(code, err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', 'An internal error occurred'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('not_found', 'the requested route does not exist'));
  });
}
