/**
 * Test-only: one command replica in its own process — the catalogue routes over the SQLite log
 * EVENTS_DB (shared with other replicas), blobs, idempotency keys and download journals under DATA_DIR
 * (its own journals when REPLICA_ID is set), the test auth stand-in, folding counted downloads every
 * FLUSH_MS (default 60 s), behind a trusted proxy when TRUST_PROXY=1 (the client address comes from
 * x-forwarded-for) — listening on a free port of 127.0.0.1, which it prints as `{"port":N}` on stdout.
 */
import Fastify from 'fastify';
import { SqliteEventStore } from '@modshelf/events';
import { installErrorHandling } from '@modshelf/service-kit';
import { registerCatalogueCommands } from '../plugin';
import { PUBLIC_URL, installTestAuth } from './harness';

const store = new SqliteEventStore({ path: process.env.EVENTS_DB! });
const app = Fastify({ logger: false, trustProxy: process.env.TRUST_PROXY === '1' });
installErrorHandling(app);
installTestAuth(app);
registerCatalogueCommands(app, {
  store,
  dataDir: process.env.DATA_DIR!,
  publicUrl: PUBLIC_URL,
  downloadFlushMs: Number(process.env.FLUSH_MS ?? 60_000),
  replicaId: process.env.REPLICA_ID,
});
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
