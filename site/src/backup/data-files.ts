import { join } from 'node:path';

/**
 * What of DATA_DIR a backup holds. The projections file is not among them: it is rebuilt from the
 * log on restore. Neither is the mail outbox (sent mail, not state).
 */
export const EVENT_LOG = 'events.db';
/** Copied BEFORE the log: a stored command answer is written after its events, so every key kept refers to events the copy holds. */
export const BEFORE_LOG = ['idempotency.db'] as const;
/**
 * Copied AFTER the log: accounts and payment methods are written to their vaults before the events
 * that name them, so every one the copied log names is in the copy. (A payout's recipient is written
 * just after its event: a withdrawal in flight at the log's copy may miss it.)
 */
export const VAULTS = ['credentials.db', 'billing.db', 'payouts.db'] as const;
export const DATABASES = [...BEFORE_LOG, EVENT_LOG, ...VAULTS] as const;
export const BLOBS = 'blobs';
export const AVATARS = 'avatars';
export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 'modshelf-backup';

/** Where a content-addressed blob lives under a blobs folder (the layout of command-service's LocalBlobStore). */
export function blobPath(root: string, sha512: string): string {
  return join(root, sha512.slice(0, 2), sha512.slice(2, 4), sha512);
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created: string;
  event_log: { file: string; head_position: number; events: number };
  /** the SQLite files copied with the online backup API, with their sizes */
  databases: Record<string, { bytes: number }>;
  blobs: { count: number; bytes: number };
  avatars: { count: number };
  /** sha512-looking values or avatar names in the log with no file (an avatar replaced since, or a hash that names no blob) */
  unresolved_references: number;
}
