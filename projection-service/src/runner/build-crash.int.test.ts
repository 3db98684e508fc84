import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { compareStorages } from '../replay/replay';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { ProjectionRunner } from './runner';

const CHILD = join(import.meta.dirname, '../testing/build-child.ts');

/** The checkpoint stored in a projections file another process is writing (0 before its first commit). */
function storedCheckpoint(path: string): number {
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("SELECT position FROM checkpoints WHERE name = 'projections'").pluck().get() as number | undefined) ?? 0;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

describe('a build killed mid-way', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('restarts from its last committed batch and ends with what an uninterrupted build stores', async () => {
    dir = mkdtempSync(join(tmpdir(), 'proj-build-crash-'));
    const eventsPath = join(dir, 'events.db');
    const store = new SqliteEventStore({ path: eventsPath });
    writeCatalogueEvents(store, 1500);
    const head = await store.headPosition();
    const path = join(dir, 'projections.sqlite');

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, eventsPath, path], { stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let killedAt = 0;
    while (child.exitCode === null) {
      killedAt = storedCheckpoint(path);
      if (killedAt > 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;
    const before = storedCheckpoint(path);
    // killed mid-build: some batches committed, not all
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(head);

    const resumed = new ProjectionRunner(store, new SqliteProjectionStorage(path));
    await resumed.catchUp();
    expect(resumed.lastBuild).toBeNull(); // it held documents: the ordinary catch-up from its checkpoint
    expect(resumed.checkpoint()).toBe(head);

    const clean = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, 'clean.sqlite')));
    await clean.catchUp();
    const { documents, differences } = await compareStorages(clean.storage, resumed.storage);
    expect(differences).toEqual([]);
    expect(documents).toBeGreaterThan(5000);
    await resumed.close();
    await clean.close();
    await store.close();
  }, 120_000);
});
