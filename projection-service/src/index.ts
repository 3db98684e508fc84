import type { EventStore } from '@modshelf/events';
import { ProjectionRunner, type Projections, type RunnerOptions } from './runner/runner';
import { SqliteProjectionStorage, projectionsPath } from './storage/sqlite-storage';
import type { SnapshotPolicy } from './search/snapshot-log';
import { FirstBuildProjections, firstBuildLog } from './runner/first-build';

export type { Projections, RunnerOptions } from './runner/runner';
export { ProjectionRunner } from './runner/runner';
export { FIRST_BUILD_MIN, FIRST_BUILD_NODE_FLAGS, FirstBuildProjections } from './runner/first-build';
export { CATALOGUE_PROJECTION, type ProjectionFailure } from './runner/project-batch';
export { loadQuarantine, quarantineEvent, QuarantineRefusedError, type QuarantineRequest } from './runner/quarantine';
export { PROJECTORS, type Projector } from './projectors/index';
export { registerQueryRoutes } from './routes/plugin';
export { notificationDirectory } from './routes/notification.routes';
export type { QueryDeps, AccountLookup } from './routes/context';
export type { ReadModelStore, DocChange } from './read-model/port';
export type * from './read-model/documents';
export type * from './read-model/community-documents';
export type * from './read-model/thread-documents';
export { INDEXES, indexKeys } from './read-model/collections';
export type * from './search/port';
export { SORTS, TAG_FIELDS, NUMBER_FIELDS } from './search/port';
export type { ProjectionStorage } from './storage/port';
export { composeStorage } from './storage/port';
export { SqliteProjectionStorage, projectionsPath, PROJECTIONS_FILE } from './storage/sqlite-storage';
export { ThreadedBulkStorage } from './storage/threaded-bulk';
export { COMPILED_WORKERS } from './worker-entry';
export { RECENT_FOLD, SqliteReadModels } from './read-model/sqlite';
export { SqliteSearchIndex } from './search/sqlite-search';
export { SNAPSHOT_EVERY, type SearchLoad, type SnapshotPolicy } from './search/snapshot-log';
export { parseFacets, parseSearchParams } from './search/facets';
export { replayAndCompare, type ReplayReport } from './replay/replay';
export { queryOpenApi, QUERY_ROUTES } from './contract/openapi';
export { moderationOpenApi, MODERATION_ROUTES } from './contract/moderation.openapi';
export { threadOpenApi, THREAD_ROUTES } from './contract/thread.openapi';

/**
 * Opens the projections file under dataDir and starts projecting the log from
 * its checkpoint (catch-up runs in the background; `ready` resolves when done).
 * A first start over a long log (the file holds nothing: firstBuildLog) builds in a child process instead
 * (FirstBuildProjections), unless `firstBuild` is false; `firstBuild.minEvents` sets how long (default FIRST_BUILD_MIN).
 */
export async function startProjections(deps: {
  store: EventStore;
  dataDir: string;
  options?: RunnerOptions;
  searchSnapshots?: SnapshotPolicy;
  firstBuild?: { minEvents?: number } | false;
}): Promise<Projections> {
  const path = projectionsPath(deps.dataDir);
  const open = () => new SqliteProjectionStorage(path, { checkpointWorker: true, searchSnapshots: deps.searchSnapshots });
  const storage = open();
  const eventsPath =
    deps.firstBuild === false ? null : await firstBuildLog(deps.store, storage, { min: deps.firstBuild?.minEvents, projectors: deps.options?.projectors });
  if (eventsPath) {
    await storage.close();
    return new FirstBuildProjections({ store: deps.store, eventsPath, path, open, options: deps.options });
  }
  const runner = new ProjectionRunner(deps.store, storage, deps.options);
  await runner.start();
  return runner;
}

// the distributed storage (MongoDB, OpenSearch clients) is its own entry, @modshelf/projection-service/storage/distributed:
// the embedded site never loads those clients
