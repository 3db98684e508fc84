import { createServer } from 'node:net';

/** A TCP port free on `host` right now (the OS picks it: listen on port 0, read it, close). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => res(port));
    });
  });
}
