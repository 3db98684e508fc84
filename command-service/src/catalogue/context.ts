import type { CatalogueLookup, EventStore, ThreadLookup } from '@modshelf/events';
import type { BlobStore } from '../blobs/blob-store';

/** What registerCatalogueCommands needs from the composer. */
export interface CatalogueDeps {
  store: EventStore;
  /** DATA_DIR: blobs go to <dataDir>/blobs, idempotency keys to <dataDir>/idempotency.db */
  dataDir: string;
  /** The site's own origin (PUBLIC_URL), e.g. http://localhost:8080: file, icon and gallery urls point at it. */
  publicUrl: string;
  /** Largest version file accepted (MAX_FILE_BYTES); default 100 MiB. Over it: 413, nothing stored. */
  maxFileBytes?: number;
  /** Largest icon (default 256 KiB) and gallery image (default 5 MiB), as Modrinth. */
  maxIconBytes?: number;
  maxImageBytes?: number;
  /** How often counted downloads (journalled at once) are folded into DownloadsCounted events (default 15 s, as Modrinth's queue). */
  downloadFlushMs?: number;
  /** The download and page-view journals' WAL synchronous setting (SQLITE_SYNC; default 'normal': survives a process kill, not a power loss). */
  journalSync?: 'normal' | 'full';
  /** names this process's download and view journals when several processes share the data dir */
  replicaId?: string;
  /** How often the release scheduler looks for due releases (default 1 s). */
  releasePollMs?: number;
  /** Adapters; defaults: a LocalBlobStore under dataDir and a SQLite idempotency store. */
  blobs?: BlobStore;
  idempotency?: import('./idempotency/idempotency-store').IdempotencyStore;
  /** The store-backed lookup every replica reads; default: inline tables in a SQLite log, else a follower kept in <dataDir>/lookup.db. */
  lookup?: CatalogueLookup;
}

/** Everything the catalogue's routes share. */
export interface CatalogueContext {
  store: EventStore;
  lookup: CatalogueLookup;
  /** thread id -> project or report, message id -> thread (store-backed like the lookup) */
  threads: ThreadLookup;
  blobs: BlobStore;
  publicUrl: string;
  maxFileBytes: number;
  maxIconBytes: number;
  maxImageBytes: number;
  /** busboy limits passed to every request.parts() call */
  multipartLimits: { fileSize: number; files: number; fields: number; parts: number; fieldSize: number };
  now: () => Date;
  /**
   * Team routes for teams that are not a project's: an organization's team (set by the organization
   * routes). Answers null when the team is no organization's either.
   */
  organizationTeams?: {
    transferOwnership(
      request: import('fastify').FastifyRequest,
      actor: import('@modshelf/events').Actor,
      teamId: string,
      userId: string,
    ): Promise<{ position: number } | null>;
  };
}

export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;

/** MAX_FILE_BYTES from the environment, validated (the composer may pass it on). */
export function maxFileBytesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.MAX_FILE_BYTES;
  if (raw === undefined || raw === '') return DEFAULT_MAX_FILE_BYTES;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`MAX_FILE_BYTES must be a positive integer, got '${raw}'`);
  return n;
}
