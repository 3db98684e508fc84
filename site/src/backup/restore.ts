import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { SqliteCredentialStore, SqliteEventStore, UserRegistered, type EventStore } from '@modshelf/events';
import { ProjectionRunner, ThreadedBulkStorage, projectionsPath, type ProjectionFailure } from '@modshelf/projection-service';
import { copyHashed } from './copy-file';
import { AVATARS, BACKUP_FORMAT, BLOBS, DATABASES, EVENT_LOG, MANIFEST, blobPath, type BackupManifest } from './data-files';

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreReport {
  head_position: number;
  events: number;
  blobs: number;
  avatars: number;
  /** vault accounts the restored log never registered (a sign-up caught between the log's copy and the vault's), removed */
  orphaned_accounts_removed: number;
  /** events the rebuilt projections folded */
  projected: number;
  /** where the rebuild stopped if a projector threw (the site reports it too) */
  failures: ProjectionFailure[];
}

function readManifest(src: string): BackupManifest {
  const path = join(src, MANIFEST);
  if (!existsSync(path)) throw new RestoreRefusedError(`${src} is not a Modshelf backup (no ${MANIFEST}; an unfinished backup never has one)`);
  const m = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  if (m.format !== BACKUP_FORMAT || m.version !== 1) throw new RestoreRefusedError(`${path} is not a version 1 Modshelf backup manifest`);
  return m;
}

/**
 * The vault is copied after the log, so it may hold an account whose registration event came after
 * the log's copy: its username and e-mail would stay reserved by a user the site does not know.
 */
async function removeOrphanedAccounts(store: EventStore, vaultPath: string): Promise<number> {
  if (!existsSync(vaultPath)) return 0;
  const registered = new Set<string>();
  for (let after = 0; ;) {
    const page = await store.readAll({ after, maxCount: 10000 });
    if (page.length === 0) break;
    for (const e of page) if (UserRegistered.is(e)) registered.add(e.data.user_id);
    after = page[page.length - 1].position;
  }
  const vault = new SqliteCredentialStore({ path: vaultPath });
  try {
    let removed = 0;
    for (const id of await vault.listAccountIds()) {
      if (registered.has(id)) continue;
      await vault.deleteAccount(id);
      removed += 1;
    }
    return removed;
  } finally {
    await vault.close();
  }
}

function listFiles(root: string, rel = ''): string[] {
  if (!existsSync(join(root, rel))) return [];
  const out: string[] = [];
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const r = join(rel, e.name);
    if (e.isDirectory()) out.push(...listFiles(root, r));
    else out.push(r);
  }
  return out;
}

/**
 * `npm run restore -- SRC`: a backup into an empty (or new) DATA_DIR, then the projections rebuilt
 * from the restored log. Every blob is checked against its sha512 and every database against
 * SQLite's integrity check; the work is done in a sibling folder renamed to DATA_DIR at the end,
 * so a failed restore leaves DATA_DIR as it was.
 */
export async function restoreBackup(opts: { src: string; dataDir: string; log?: (line: string) => void }): Promise<RestoreReport> {
  const log = opts.log ?? (() => {});
  const src = resolve(opts.src);
  const dataDir = resolve(opts.dataDir);
  const manifest = readManifest(src);
  if (existsSync(dataDir)) {
    const entries = readdirSync(dataDir);
    if (entries.length > 0) {
      throw new RestoreRefusedError(
        `DATA_DIR ${dataDir} is not empty (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}: ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', ...' : ''}); ` +
          'restore only into an empty or new folder (move the old one aside first)',
      );
    }
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  const work = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  try {
    for (const f of DATABASES) {
      if (!existsSync(join(src, f))) continue;
      copyFileSync(join(src, f), join(work, f));
      const db = new Database(join(work, f), { readonly: true });
      try {
        const ok = db.pragma('integrity_check', { simple: true });
        if (ok !== 'ok') throw new Error(`restore: ${f} fails SQLite's integrity check: ${String(ok)}`);
      } finally {
        db.close();
      }
    }
    if (!existsSync(join(work, EVENT_LOG))) throw new RestoreRefusedError(`${src} holds no ${EVENT_LOG}`);
    let blobs = 0;
    for (const rel of listFiles(join(src, BLOBS))) {
      const sha = basename(rel);
      if (blobPath('', sha) !== rel) throw new Error(`restore: unexpected file ${join(BLOBS, rel)} in the backup`);
      const copied = await copyHashed(join(src, BLOBS, rel), join(work, BLOBS, rel));
      if (copied.sha512 !== sha) throw new Error(`restore: blob ${sha} in the backup is corrupt (its content hashes to ${copied.sha512})`);
      blobs += 1;
    }
    if (blobs !== manifest.blobs.count) throw new Error(`restore: the backup holds ${blobs} blobs, its manifest says ${manifest.blobs.count}`);
    let avatars = 0;
    for (const rel of listFiles(join(src, AVATARS))) {
      mkdirSync(dirname(join(work, AVATARS, rel)), { recursive: true });
      copyFileSync(join(src, AVATARS, rel), join(work, AVATARS, rel));
      avatars += 1;
    }
    log(`restored the log, ${Object.keys(manifest.databases).length} databases, ${blobs} blobs and ${avatars} avatars`);

    const store = new SqliteEventStore({ path: join(work, EVENT_LOG) });
    // a fresh file, built as npm run replay builds: this thread folds the log while a worker thread writes
    const storage = new ThreadedBulkStorage(projectionsPath(work));
    let report: RestoreReport;
    try {
      const head = await store.headPosition();
      if (head !== manifest.event_log.head_position) throw new Error(`restore: the log ends at ${head}, the manifest says ${manifest.event_log.head_position}`);
      const orphans = await removeOrphanedAccounts(store, join(work, 'credentials.db'));
      if (orphans > 0) log(`removed ${orphans} vault account(s) the restored log never registered`);
      const runner = new ProjectionRunner(store, storage, { batchSize: 10000, log: (msg) => log(msg) });
      await runner.catchUp();
      log(`projections rebuilt up to position ${runner.checkpoint()}`);
      report = {
        head_position: head,
        events: manifest.event_log.events,
        blobs,
        avatars,
        orphaned_accounts_removed: orphans,
        projected: runner.eventsProjected,
        failures: runner.failures(),
      };
    } finally {
      await storage.close();
      await store.close();
    }
    if (existsSync(dataDir)) rmdirSync(dataDir); // empty, checked above
    renameSync(work, dataDir);
    return report;
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
