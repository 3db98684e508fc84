import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from './client-error';

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (d) => (out += d.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', (err) => (out ? resolve(out) : reject(err)));
    socket.write(request);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('clientErrorHandler: requests refused by the HTTP parser', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = Fastify({ clientErrorHandler });
    app.get('/v2/ok', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => app.close());

  it('answers headers over the size limit with 431 in the {error, description} shape', async () => {
    const answer = await raw(port, `GET /v2/ok HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(bodyOf(answer)).toEqual({ error: 'headers_too_large', description: expect.any(String) });
  });

  it('answers a malformed request line with 400 in the same shape', async () => {
    const answer = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(answer)).toEqual({ error: 'invalid_input', description: expect.any(String) });
  });

  it('still serves good requests', async () => {
    const answer = await raw(port, 'GET /v2/ok HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 200 ')).toBe(true);
  });
});
