import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses before any route
 * sees it (headers over the size limit, a malformed request line, a client timeout) is answered
 * in the {error, description} shape like every other failure, not Fastify's {error, message, statusCode}.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // a reset connection has nobody left to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, error, description] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'timeout', 'The request took too long to arrive']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', 'The request headers exceed the allowed size']
        : [400, 'invalid_input', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error, description });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
