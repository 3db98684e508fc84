/**
 * One command replica for the start-up benchmark: the catalogue's command routes over the SQLite
 * log EVENTS_DB, with the real auth hook, on a free port of 127.0.0.1. Prints
 * `{"port":N,"listening_ms":T}` (T: process uptime when it listens).
 */
import Fastify from 'fastify';
import { join } from 'node:path';
import { SqliteCredentialStore, SqliteEventStore } from '@modshelf/events';
import { installAuth, installErrorHandling } from '@modshelf/service-kit';
import { registerCatalogueCommands } from '@modshelf/command-service';

const dataDir = process.env.DATA_DIR!;
const store = new SqliteEventStore({ path: process.env.EVENTS_DB! });
const credentials = new SqliteCredentialStore({ path: join(dataDir, 'credentials.db') });
const app = Fastify({ logger: false });
installErrorHandling(app);
installAuth(app, { credentials });
await registerCatalogueCommands(app, { store, dataDir, publicUrl: 'http://127.0.0.1' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, listening_ms: Math.round(process.uptime() * 1000) })}\n`);
process.on('SIGTERM', () => {
  app
    .close()
    .then(() => Promise.all([store.close(), credentials.close()]))
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
