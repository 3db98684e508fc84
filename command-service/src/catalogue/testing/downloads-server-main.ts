/**
 * Test-only: the catalogue routes over the SQLite log EVENTS_DB and DATA_DIR (blobs, journals) behind a trusted
 * proxy (the client address comes from x-forwarded-for), folding counted downloads every FLUSH_MS, listening on a
 * free port of 127.0.0.1, which it prints as `{"port":N}` on stdout.
 */
import Fastify from 'fastify';
import { SqliteEventStore } from '@modshelf/events';
import { installErrorHandling } from '@modshelf/service-kit';
import { registerCatalogueCommands } from '../plugin';
import { PUBLIC_URL, installTestAuth } from './harness';

const store = new SqliteEventStore({ path: process.env.EVENTS_DB! });
const app = Fastify({ logger: false, trustProxy: true });
installErrorHandling(app);
installTestAuth(app);
registerCatalogueCommands(app, { store, dataDir: process.env.DATA_DIR!, publicUrl: PUBLIC_URL, downloadFlushMs: Number(process.env.FLUSH_MS ?? 15_000) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => {
  app
    .close()
    .then(() => store.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
