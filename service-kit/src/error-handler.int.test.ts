import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './error-handler';
import { CASES } from './testing/domain-error-cases';

describe('installErrorHandling', () => {
  it("answers busboy's errors for a cut-short or malformed multipart body with 400, anything unknown with 500", async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/cut', async () => {
      throw new Error('Unexpected end of multipart data');
    });
    app.get('/boundary', async () => {
      throw new Error('Multipart: Boundary not found');
    });
    app.get('/other', async () => {
      throw new Error('something else');
    });
    const cut = await app.inject('/cut');
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ error: 'invalid_input', description: 'The multipart body is malformed or ended early: Unexpected end of multipart data' });
    expect((await app.inject('/boundary')).statusCode).toBe(400);
    const other = await app.inject('/other');
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ error: 'internal_error', description: 'An internal error occurred' });
    await app.close();
  });

  it('sends each domain error (contract) with its status, headers and {error, description} as status, headers and {error, description}', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    CASES.forEach(([err], i) =>
      app.get(`/e${i}`, async () => {
        throw err;
      }),
    );
    for (const [i, [, status, code, description, headers]] of CASES.entries()) {
      const res = await app.inject(`/e${i}`);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: code, description });
      for (const [name, value] of Object.entries(headers)) expect(res.headers[name]).toBe(value);
    }
    await app.close();
  });
});
