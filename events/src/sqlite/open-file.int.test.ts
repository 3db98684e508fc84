import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile } from './open-file';

/** Holds an exclusive lock on `path` from another thread for `ms`; resolves once the lock is taken. */
function holdLock(path: string, ms: number): Promise<Worker> {
  const worker = new Worker(
    `const Database = require('better-sqlite3');
     const { parentPort, workerData } = require('node:worker_threads');
     const db = new Database(workerData.path);
     db.exec('BEGIN EXCLUSIVE');
     parentPort.postMessage('locked');
     setTimeout(() => { db.exec('COMMIT'); db.close(); }, workerData.ms);`,
    { eval: true, workerData: { path, ms } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

describe('openSqliteFile', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('switches a file that another connection holds to WAL once that connection lets go', async () => {
    dir = mkdtempSync(join(tmpdir(), 'open-file-'));
    const path = join(dir, 'nested', 'shared.db');
    openSqliteFile(path, { journal: 'memory' }).close(); // the folder and the file exist, not yet in WAL
    const worker = await holdLock(path, 300);
    const db = openSqliteFile(path, { synchronous: 'normal' });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      db.close();
      await worker.terminate();
    }
  });

  it('opens a new file from two processes at the same moment without SQLITE_BUSY, as two replicas starting together', async () => {
    dir = mkdtempSync(join(tmpdir(), 'open-file-'));
    const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
    // both processes load first; the files are opened in step from START on
    const env = { ...process.env, DIR: dir, COUNT: '60', START: String(Date.now() + 4000), STEP_MS: '40' };
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', 'events/src/testing/open-race-main.ts'], { cwd: root, env });
    const outputs = await Promise.all([run(), run()]);
    expect(outputs.map((o) => JSON.parse(o.stdout))).toEqual([{ failed: [] }, { failed: [] }]);
  }, 60_000);

  it('keeps SQLite’s synchronous default unless told, and a memory journal for bulk files', () => {
    dir = mkdtempSync(join(tmpdir(), 'open-file-'));
    const wal = openSqliteFile(join(dir, 'a.db'));
    const bulk = openSqliteFile(join(dir, 'b.db'), { journal: 'memory', synchronous: 'off', busyTimeoutMs: 100 });
    try {
      expect(wal.pragma('synchronous', { simple: true })).toBe(2);
      expect(bulk.pragma('journal_mode', { simple: true })).toBe('memory');
      expect(bulk.pragma('synchronous', { simple: true })).toBe(0);
      expect(bulk.pragma('busy_timeout', { simple: true })).toBe(100);
    } finally {
      wal.close();
      bulk.close();
    }
  });
});
