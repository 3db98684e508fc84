// Public surface of the command service. Owners: catalogue routes (projects, versions, files,
// follows, reports) in ./catalogue; accounts routes (auth, sessions, PATs, OAuth, billing) in ./accounts.
export { execute, newCommandContext, loadStream, type CommandContext, type CommandResult } from './kernel/execute';
export { fold, type Decider } from './kernel/decider';
export {
  registerAccountRoutes,
  ensureAdmin,
  installRateLimit,
  rateLimitFromEnv,
  type RateLimitOptions,
  issueSession,
  userDecider,
  OutboxMailer,
  SmtpMailer,
  mailerFromEnv,
  type AccountDeps,
  type RateLimitSettings,
  type Mail,
  type Mailer,
  type StoredMail,
  type UserCommand,
  type UserState,
} from './accounts/index';
export {
  registerCatalogueCommands,
  maxFileBytesFromEnv,
  DEFAULT_MAX_FILE_BYTES,
  PROJECT_STATUS_TRANSITIONS,
  canTransition,
  HIDDEN_PROJECT_STATUSES,
  SqliteIdempotencyStore,
  DownloadCounter,
  clientKey,
  CATALOGUE_COMMAND_ROUTES,
  catalogueOpenApiPaths,
  type CatalogueDeps,
  type IdempotencyStore,
  type StoredAnswer,
  type Claim,
  ReleaseScheduler,
} from './catalogue/index';
export { type BlobStore, type StagedBlob, type BlobInfo, BlobTooLargeError, LocalBlobStore } from './blobs/index';
export { registerNotificationCommands, type NotificationDirectory, type NotificationCommandDeps } from './notification/index';
export { registerModerationCommands, type ModerationCommandDeps } from './moderation/index';
export { COMMUNITY_COMMAND_ROUTES } from './collection/community.openapi';
export { accountsOpenApi, accountRouteDocs } from './accounts/openapi';
export {
  registerPayoutRoutes,
  payoutsOpenApi,
  PAYOUT_ROUTES,
  SandboxPayoutProvider,
  PayoutVault,
  payoutDecider,
  revenueSettingsFromEnv,
  REVENUE_ACCRUAL,
  evolveRevenueProject,
  splitRevenue,
  isEarning,
  type RevenueProject,
  type PayoutState,
  type PayoutDeps,
  type Payouts,
  type PayoutProvider,
  type RevenueSettings,
} from './payouts/index';
export { ProcessManager, type ProcessManagerOptions, type ProcessContext } from './kernel/process-manager';
export { LeasedJob, type LeasedJobOptions } from './kernel/leased-job';
export { StoreLocks, type StoreLockOptions } from './kernel/store-lock';
export { leasesFor } from './kernel/leases';
export { THREAD_COMMAND_ROUTES, threadDecider, type ThreadFacts } from './thread/index';
