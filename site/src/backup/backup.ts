import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { copyHashed } from './copy-file';
import { AVATARS, BACKUP_FORMAT, BEFORE_LOG, BLOBS, EVENT_LOG, MANIFEST, VAULTS, blobPath, type BackupManifest } from './data-files';
import { referencedFiles } from './referenced-files';

export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/**
 * Copies one SQLite database with SQLite's online backup API, in ONE step (all pages under one read
 * transaction): the copy is the database as it was at one instant, while the site keeps writing (WAL).
 */
async function backupDatabase(from: string, to: string): Promise<number> {
  const db = new Database(from, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    await db.backup(to, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const check = new Database(to, { readonly: true });
  try {
    const result = check.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new Error(`backup: the copy of ${basename(from)} fails SQLite's quick_check: ${String(result)}`);
  } finally {
    check.close();
  }
  return statSync(to).size;
}

/**
 * `npm run backup -- DEST`: a consistent online copy of DATA_DIR's event log, vaults and files.
 *
 * Order: the idempotency keys, then the log, then the vaults, then the blobs and avatars the copied
 * log refers to (content-addressed and written before the events naming them, so they exist). The
 * copy is written to a sibling folder and renamed to DEST when complete, with manifest.json last:
 * a DEST that exists is a whole backup.
 */
export async function takeBackup(opts: { dataDir: string; dest: string; log?: (line: string) => void }): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const dataDir = resolve(opts.dataDir);
  const dest = resolve(opts.dest);
  if (!existsSync(join(dataDir, EVENT_LOG))) throw new BackupRefusedError(`there is no event log at ${join(dataDir, EVENT_LOG)} (is DATA_DIR right?)`);
  if (existsSync(dest) && readdirSync(dest).length > 0) throw new BackupRefusedError(`${dest} exists and is not empty; a backup goes to a new or empty folder`);
  if (dest === dataDir || dest.startsWith(`${dataDir}/`)) throw new BackupRefusedError('the backup cannot go inside DATA_DIR');
  mkdirSync(dirname(dest), { recursive: true });
  const work = join(dirname(dest), `.${basename(dest)}.partial-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  try {
    const databases: BackupManifest['databases'] = {};
    const copy = async (file: string) => {
      if (!existsSync(join(dataDir, file))) return;
      databases[file] = { bytes: await backupDatabase(join(dataDir, file), join(work, file)) };
    };
    for (const f of BEFORE_LOG) await copy(f);
    await copy(EVENT_LOG);
    const logCopy = new Database(join(work, EVENT_LOG), { readonly: true });
    let head: number;
    let events: number;
    let refs: ReturnType<typeof referencedFiles>;
    try {
      const row = logCopy.prepare<[], { head: number | null; n: number }>('SELECT MAX(position) AS head, COUNT(*) AS n FROM events').get()!;
      head = row.head ?? 0;
      events = row.n;
      refs = referencedFiles(logCopy);
    } finally {
      logCopy.close();
    }
    log(`event log copied up to position ${head} (${events} events)`);
    for (const f of VAULTS) await copy(f);

    let unresolved = 0;
    const blobs = { count: 0, bytes: 0 };
    for (const sha of [...refs.blobs].sort()) {
      const from = blobPath(join(dataDir, BLOBS), sha);
      if (!existsSync(from)) {
        unresolved += 1;
        continue;
      }
      const copied = await copyHashed(from, blobPath(join(work, BLOBS), sha));
      if (copied.sha512 !== sha) throw new Error(`backup: blob ${sha} in DATA_DIR is corrupt (its content hashes to ${copied.sha512})`);
      blobs.count += 1;
      blobs.bytes += copied.bytes;
    }
    let avatars = 0;
    for (const name of [...refs.avatars].sort()) {
      const from = join(dataDir, AVATARS, name);
      if (!existsSync(from)) {
        unresolved += 1; // replaced or removed since that event
        continue;
      }
      await copyHashed(from, join(work, AVATARS, name));
      avatars += 1;
    }
    log(`${blobs.count} blobs (${blobs.bytes} bytes) and ${avatars} avatars copied`);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      created: new Date().toISOString(),
      event_log: { file: EVENT_LOG, head_position: head, events },
      databases,
      blobs,
      avatars: { count: avatars },
      unresolved_references: unresolved,
    };
    writeFileSync(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    if (existsSync(dest)) rmdirSync(dest); // empty, checked above
    renameSync(work, dest);
    return manifest;
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
