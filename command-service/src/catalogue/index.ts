export { registerCatalogueCommands, type CatalogueCommands, type CatalogueDeps } from './plugin';
export { maxFileBytesFromEnv, DEFAULT_MAX_FILE_BYTES } from './context';
export { PROJECT_STATUS_TRANSITIONS, canTransition, HIDDEN_PROJECT_STATUSES } from './project-status-transitions';
export type { IdempotencyStore, StoredAnswer, Claim } from './idempotency/idempotency-store';
export { SqliteIdempotencyStore } from './idempotency/sqlite-idempotency-store';
export { DownloadCounter, clientKey } from './downloads/download-counter';
export { CATALOGUE_COMMAND_ROUTES, catalogueOpenApiPaths } from './openapi';
export { ReleaseScheduler, RELEASE_SCHEDULER, type ReleaseSchedulerOptions } from './schedule/release-scheduler';
