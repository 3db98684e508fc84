import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { LocalBlobStore } from '../blobs/local-blob-store';
import { registerCdnRoutes } from './cdn/cdn.routes';
import { DEFAULT_MAX_FILE_BYTES, type CatalogueContext, type CatalogueDeps } from './context';
import { countJournalPath } from './downloads/count-journal';
import { DownloadCounter } from './downloads/download-counter';
import { registerFollowRoutes } from './follow/follow.routes';
import { installIdempotency } from './idempotency/idempotency.hook';
import { SqliteIdempotencyStore } from './idempotency/sqlite-idempotency-store';
import { lookupFor, threadLookupFor } from '@modshelf/events';
import { StreamCachingStore } from './stream-cache';
import { registerProjectRoutes } from './project/project.routes';
import { registerTeamRoutes } from './project/team.routes';
import { registerReportRoutes } from './report/report.routes';
import { registerVersionRoutes } from './version/version.routes';
import { registerScheduleRoutes } from './schedule/schedule.routes';
import { ReleaseScheduler } from './schedule/release-scheduler';
import { leasesFor } from '../kernel/leases';
import { registerCollectionRoutes } from '../collection/collection.routes';
import { registerOrganizationRoutes } from '../organization/organization.routes';
import { viewCounter } from '../analytics/view-counter';
import { registerViewRoutes } from '../analytics/view.routes';
import { registerThreadRoutes } from '../thread/thread.routes';

/**
 * The catalogue's write side: project, team, gallery, status, version, file,
 * follow and report commands under /v2 (Modrinth's paths and shapes), and the
 * file download route under /cdn. Registered in its own encapsulated scope (its
 * multipart and image body parsers stay inside); the composer's error handler
 * and auth hook (request.actor) apply to it.
 */
export interface CatalogueCommands {
  /** Appends the downloads counted so far (they wait in the journal for up to `downloadFlushMs`). */
  flushDownloads(): Promise<void>;
}

export function registerCatalogueCommands(app: FastifyInstance, deps: CatalogueDeps): CatalogueCommands {
  const maxFileBytes = deps.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  // commands re-read the streams they decide on: cache their prefixes, read only the tails
  const store = new StreamCachingStore(deps.store);
  const ctx: CatalogueContext = {
    store,
    lookup: deps.lookup ?? lookupFor(deps.store, { path: join(deps.dataDir, 'lookup.db') }),
    threads: threadLookupFor(deps.store, join(deps.dataDir, 'thread-lookup.db')),
    blobs: deps.blobs ?? new LocalBlobStore(join(deps.dataDir, 'blobs')),
    publicUrl: deps.publicUrl.replace(/\/+$/, ''),
    maxFileBytes,
    maxIconBytes: deps.maxIconBytes ?? 256 * 1024,
    maxImageBytes: deps.maxImageBytes ?? 5 * 1024 * 1024,
    multipartLimits: {
      fileSize: Math.max(maxFileBytes, deps.maxImageBytes ?? 5 * 1024 * 1024, deps.maxIconBytes ?? 256 * 1024) + 1,
      files: 64,
      fields: 16,
      parts: 100,
      fieldSize: 2 * 1024 * 1024,
    },
    now: () => new Date(),
  };
  const idempotency = deps.idempotency ?? new SqliteIdempotencyStore(join(deps.dataDir, 'idempotency.db'));
  // counted downloads and views are journalled in the data dir until folded into events (a kill -9 keeps them)
  const journal = (kind: 'downloads' | 'views') => countJournalPath(deps.dataDir, kind, deps.replicaId);
  const downloads = new DownloadCounter(deps.store, { flushMs: deps.downloadFlushMs, journalPath: journal('downloads'), synchronous: deps.journalSync });
  const views = viewCounter(deps.store, { flushMs: deps.downloadFlushMs, journalPath: journal('views'), synchronous: deps.journalSync });

  app.register(async (scope) => {
    // registered here unless the composer already did at the root; the limits travel with each parts() call anyway
    if (!scope.hasRequestDecorator('parts')) await scope.register(multipart, { limits: ctx.multipartLimits });
    // icon and gallery uploads send the image itself as the body
    scope.addContentTypeParser(/^image\/|^application\/octet-stream/, (_request, payload, done) => done(null, payload));
    // answering before an upload was fully read (413, bad data): close the connection rather than leave the
    // unread rest of the body stalling a keep-alive socket
    scope.addHook('onSend', (request, reply, payload, done) => {
      if (!request.raw.complete && request.method !== 'GET' && request.method !== 'HEAD') reply.header('connection', 'close');
      done(null, payload);
    });
    installIdempotency(scope, idempotency, ctx.now, deps.store);
    registerProjectRoutes(scope, ctx);
    registerTeamRoutes(scope, ctx);
    registerVersionRoutes(scope, ctx);
    registerFollowRoutes(scope, ctx);
    registerReportRoutes(scope, ctx);
    registerCdnRoutes(scope, ctx, downloads);
    registerCollectionRoutes(scope, ctx);
    registerOrganizationRoutes(scope, ctx);
    registerViewRoutes(scope, ctx, views);
    registerThreadRoutes(scope, ctx);
    registerScheduleRoutes(scope, ctx);
  });
  // one replica at a time releases scheduled projects and versions (the lease lives beside the log)
  const scheduler = new ReleaseScheduler({
    store,
    leases: leasesFor(deps.store, deps.dataDir),
    everyMs: deps.releasePollMs,
    log: (m, err) => app.log.error({ err }, m),
  });

  app.addHook('onReady', async () => {
    // what a previous run journalled but had not appended
    await downloads.open();
    await views.open();
    downloads.start();
    scheduler.start();
    views.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.close();
    await downloads.close();
    await views.close();
    if (!deps.idempotency) await idempotency.close();
    if (!deps.lookup) await ctx.lookup.close();
    await ctx.threads.close();
  });
  return { flushDownloads: () => downloads.flush() };
}

export type { CatalogueDeps } from './context';
