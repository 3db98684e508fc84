import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DemoCatalogueSeeded, NO_STREAM, SqliteCredentialStore, SqliteEventStore, newEventId, seedStream, toNewEvents } from '@modshelf/events';
import { clientErrorHandler, installAuth, installErrorHandling } from '@modshelf/service-kit';
import {
  ensureAdmin,
  installRateLimit,
  mailerFromEnv,
  rateLimitFromEnv,
  registerAccountRoutes,
  registerCatalogueCommands,
  registerNotificationCommands,
  registerModerationCommands,
  registerPayoutRoutes,
  REVENUE_ACCRUAL,
  type Payouts,
} from '@modshelf/command-service';
import { notificationDirectory, registerQueryRoutes, startProjections, type Projections, type RunnerOptions } from '@modshelf/projection-service';
import type { EventStore } from '@modshelf/events';
import { loadConfig, type SiteConfig } from './config';
import { installHealthAndMetrics } from './metrics';
import { Readiness } from './readiness';
import { seedDemoCatalogue } from './seed/run-seed';
import { seedAnalyticsHistory } from './seed/analytics-history';
import { DEMO_USERS } from './seed/demo-catalogue';
import { ensureWebBuilt, registerWeb } from './web';
import { registerOpenApi } from './openapi';
import { registerApiDocs } from './api-docs';
import { freePort } from '@modshelf/service-kit/free-port';

export const ROOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export interface SiteOptions {
  /** environment-style overrides of the configuration (PORT, DATA_DIR, SEED, ...) */
  env?: Record<string, string | undefined>;
  /** skip building/serving the web front end (API-only tests and benchmarks) */
  web?: boolean;
  /** options of the embedded projection runner (tests inject a failing projector) */
  projections?: RunnerOptions;
}

export interface Site {
  url: string;
  app: FastifyInstance;
  config: SiteConfig;
  store: EventStore;
  credentials: SqliteCredentialStore;
  projections: Projections;
  readiness: Readiness;
  close(): Promise<void>;
}

/** Answers carry this header while the site is not ready (its value says why: seeding, catching_up). */
export const NOT_READY_HEADER = 'x-modshelf-not-ready';

/** Starts the whole embedded site on one port: API (commands + queries), projections, web front end. */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const env = { ...process.env, ...options.env };
  // PORT=0 picks a free port up front, so the public URL in API answers is the real one
  if (env.PORT === '0') env.PORT = String(await freePort(env.HOST ?? '127.0.0.1'));
  const config = loadConfig(env);
  mkdirSync(config.dataDir, { recursive: true });
  // the distributed profile's clients (EventStoreDB, MongoDB, OpenSearch) are loaded only when used: the embedded
  // site never loads them (compiled-server.int.test.ts checks dist/server/main.js does not import them)
  const store: EventStore = config.EVENTSTORE_URL
    ? new (await import('@modshelf/events/store/eventstoredb')).EventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL })
    : // the WAL is checkpointed from a worker thread, not inside a command's commit on the event loop
      new SqliteEventStore({ path: join(config.dataDir, 'events.db'), synchronous: config.SQLITE_SYNC, checkpointWorker: true });
  const credentials = new SqliteCredentialStore({ path: join(config.dataDir, 'credentials.db') });
  // embedded: projectors run in this process; distributed: bus workers (other processes) write
  // MongoDB and OpenSearch, and this process reads them, waiting on their checkpoint
  const distributed = config.PROFILE === 'distributed';
  const remote = distributed ? await import('@modshelf/projection-service/storage/distributed') : null;
  const storage = remote
    ? remote.distributedStorage({ mongodbUrl: config.MONGODB_URL!, opensearchUrl: config.OPENSEARCH_URL!, name: config.STORAGE_NAME, reader: true })
    : null;
  // a read waiting for a position wakes on the workers' position feeds (PROJECTION_WORKER_URLS)
  const feeds =
    remote && config.PROJECTION_WORKER_URLS.length
      ? new remote.WorkerFeedClient(config.PROJECTION_WORKER_URLS, (msg) => console.error(JSON.stringify({ level: 'warn', msg })))
      : undefined;
  const projections =
    remote && storage
      ? remote.storageProjections(storage, store, { feeds })
      : await startProjections({
          store,
          dataDir: config.dataDir,
          options: options.projections,
          searchSnapshots: { everyChanges: config.SEARCH_SNAPSHOT_EVERY_CHANGES, everyMs: config.SEARCH_SNAPSHOT_EVERY_MS },
          firstBuild: { minEvents: config.FIRST_BUILD_MIN_EVENTS },
        });

  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 2 * 1024 * 1024,
    // sha512 hashes (128 characters) travel as path parameters: /v2/version_file/{hash}
    routerOptions: { maxParamLength: 256 },
    trustProxy: process.env.TRUST_PROXY === 'true',
    logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
    // oversized headers and broken requests, refused before routing, also answer {error, description}
    clientErrorHandler,
  });
  installErrorHandling(app);
  let payouts: Payouts | null = null;
  const readiness = new Readiness();
  installHealthAndMetrics(app, {
    headPosition: () => store.headPosition(),
    checkpoint: () => (storage ? storage.checkpoint() : projections.checkpoint()),
    failures: () => projections.failures(),
    processManagers: () => (payouts?.accrual ? [{ name: REVENUE_ACCRUAL, active: payouts.accrual.active, position: payouts.accrual.checkpoint }] : []),
    readiness: () => readiness.report(),
    positionFeeds: feeds ? () => feeds.status() : undefined,
    searchLoad: () => projections.storage.search.load,
  });
  // while not ready the site answers as usual, and says so
  app.addHook('onSend', async (_request, reply, payload) => {
    const reason = readiness.notReadyReason;
    if (reason) reply.header(NOT_READY_HEADER, reason);
    return payload;
  });
  // Requests carrying this key skip the per-IP limit: the seed's own commands use it.
  const internalKey = process.env.RATE_LIMIT_KEY || randomBytes(24).toString('base64url');
  await installRateLimit(app, {
    ...rateLimitFromEnv(),
    bypassKey: internalKey,
    // static front-end files are not API calls
    skip: (req) => !req.url.startsWith('/v2') && !req.url.startsWith('/_internal'),
  });
  installAuth(app, { credentials });
  registerApiDocs(app); // GET /docs/api: the API reference page
  registerOpenApi(app, { serverUrl: config.publicUrl }); // GET /v2/openapi.json; records routes registered after it
  const deps = { store, credentials, dataDir: config.dataDir, publicUrl: config.publicUrl, mailer: mailerFromEnv(config.dataDir, env) };
  registerAccountRoutes(app, deps);
  const catalogue = registerCatalogueCommands(app, {
    ...deps,
    maxFileBytes: config.MAX_FILE_BYTES,
    journalSync: config.SQLITE_SYNC,
    replicaId: config.REPLICA_ID,
  });
  registerNotificationCommands(app, { store, notifications: notificationDirectory(projections) });
  registerModerationCommands(app, { store });
  // /v2/payout and the revenue process manager (REVENUE_PER_DOWNLOAD_USD, REVENUE_HOLD_DAYS, PAYOUT_SETTLE_MS)
  payouts = registerPayoutRoutes(app, { store, credentials, dataDir: config.dataDir, env });
  await registerQueryRoutes(app, { projections, credentials, publicUrl: config.publicUrl, store });
  if (options.web ?? config.WEB) {
    await ensureWebBuilt(ROOT_DIR);
    await registerWeb(app, { rootDir: ROOT_DIR, site: { community_url: config.COMMUNITY_URL, staging: config.STAGING } });
  }

  const seeding = config.SEED && (await store.streamRevision(seedStream)) === NO_STREAM;
  if (!config.SEED) readiness.seedOff();
  else if (!seeding) readiness.seeded();
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://127.0.0.1:${port}`;
  if (seeding) readiness.seeding('users', 0, DEMO_USERS.length);
  else readiness.catchingUp();
  app.log.info(`Modshelf is listening: ${config.publicUrl} (not ready: ${seeding ? 'seeding the demo catalogue' : 'catching up the projections'})`);

  if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
    await ensureAdmin(deps, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  }
  // the seed checks what an interrupted earlier run created, through the read models: they must be caught up
  await projections.ready;
  if (seeding) {
    await seed(app, { ...deps, config }, internalKey, { readiness, flushDownloads: () => catalogue.flushDownloads() });
    readiness.seeded();
  }
  readiness.catchingUp();
  const head = await store.headPosition();
  while (!(await projections.waitForPosition(head, 10_000))) {
    app.log.info(`catching up the projections: at ${projections.checkpoint()} of ${head}`);
  }
  readiness.markReady();
  app.log.info(`Modshelf is ready: ${config.publicUrl} (data in ${config.dataDir})`);

  return {
    url,
    app,
    config,
    store,
    credentials,
    projections,
    readiness,
    async close() {
      await app.close();
      await projections.close();
      await store.close();
      await credentials.close();
    },
  };
}

async function seed(
  app: FastifyInstance,
  deps: { store: EventStore; credentials: SqliteCredentialStore; config: SiteConfig },
  internalKey: string,
  hooks: { readiness: Readiness; flushDownloads: () => Promise<void> },
) {
  const started = Date.now();
  // The seed approves projects as staff: a staff account whose password nobody knows.
  const staffPassword = randomBytes(24).toString('base64url');
  const staffId = await ensureAdmin(deps, 'modshelf_staff', staffPassword);
  const login = await app.inject({
    method: 'POST',
    url: '/v2/auth/login',
    headers: { 'x-ratelimit-key': internalKey, 'user-agent': 'modshelf-seed/1.0' },
    payload: { username: 'modshelf_staff', password: staffPassword },
  });
  if (login.statusCode !== 200) throw new Error(`seed: staff sign-in failed: ${login.body}`);
  const staffToken: string = login.json().session;
  const result = await seedDemoCatalogue(app, {
    headers: { 'x-ratelimit-key': internalKey },
    projects: deps.config.SEED_PROJECTS,
    staffToken,
    startPosition: await deps.store.headPosition(),
    flushDownloads: hooks.flushDownloads,
    progress: (phase, done, total) => {
      hooks.readiness.seeding(phase, done, total);
      if (done === total || (phase === 'projects' && done % 50 === 0)) app.log.info(`demo catalogue: ${done}/${total} ${phase}`);
    },
  });
  // a few months of counted downloads and views behind the demo projects (its own idempotent step)
  const history = await seedAnalyticsHistory(deps.store);
  app.log.info(`demo analytics history: ${history.events} events over ${history.projects} projects`);
  const now = new Date().toISOString();
  const id = newEventId();
  await deps.store.append(
    seedStream,
    toNewEvents([DemoCatalogueSeeded(result)], { commandId: id, correlationId: id, causationId: id, actor: staffId, time: now }, newEventId),
    NO_STREAM,
  );
  app.log.info(`demo catalogue seeded in ${Date.now() - started} ms: ${JSON.stringify(result)}`);
}
