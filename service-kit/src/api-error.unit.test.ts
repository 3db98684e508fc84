import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_KINDS, type ErrorKind } from '@modshelf/contract';
import { ApiError, STATUS_OF_KIND, answerFor } from './api-error';
import { CASES } from './testing/domain-error-cases';

describe('domain errors at the HTTP edge', () => {
  it('maps every kind to a status', () => {
    const kinds: ErrorKind[] = [...ERROR_KINDS];
    expect(kinds.map((k) => STATUS_OF_KIND[k])).toEqual([400, 401, 403, 404, 409, 413, 415, 424, 429]);
    expect(new Set(Object.values(STATUS_OF_KIND)).size).toBe(kinds.length);
  });

  it.each(CASES)('%s answers %i %s', (err, status, code, description, headers) => {
    expect(answerFor(err)).toEqual({ status, headers, body: { error: code, description } });
  });

  it('an ApiError named by its status is the domain error of that kind', () => {
    const err = new ApiError(424, 'payments_error', 'declined');
    expect(err).toBeInstanceOf(DomainError);
    expect(err.kind).toBe('payment_failed');
    expect(answerFor(err)).toEqual({ status: 424, headers: {}, body: { error: 'payments_error', description: 'declined' } });
    expect(() => new ApiError(418, 'invalid_input', 'teapot')).toThrow(/418/);
  });
});
