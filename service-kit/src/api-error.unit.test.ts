import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, type ErrorKind } from '@modshelf/contract';
import { STATUS_OF_KIND, answerFor } from './api-error';
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
});
