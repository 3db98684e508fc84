import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointReports } from '@modshelf/events/testing/checkpoint-reports';
import type { DocChange } from '../read-model/port';
import { SERVING_WAL_PAGES, SqliteProjectionStorage } from './sqlite-storage';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SqliteProjectionStorage checkpointWorker', () => {
  it('checkpoints its WAL from a worker thread after commits, and every commit stays readable', async () => {
    dir = mkdtempSync(join(tmpdir(), 'proj-wal-'));
    const path = join(dir, 'projections.sqlite');
    const storage = new SqliteProjectionStorage(path, { checkpointWorker: true });
    const checkpoints = checkpointReports(storage.checkpointer!);
    for (let position = 1; position <= 200; position++) {
      storage.commitSync([], [], position);
      if (position % 40 === 0) await sleep(60);
    }
    expect(await checkpoints.copied()).toEqual({ copied: true, errors: [] });
    await storage.close();
    const reopened = new SqliteProjectionStorage(path);
    expect(reopened.checkpointSync()).toBe(200);
    await reopened.close();
  });

  it('leaves the WAL to the end of a catchingUp window, then checkpoints it from the worker', async () => {
    dir = mkdtempSync(join(tmpdir(), 'proj-wal-'));
    const storage = new SqliteProjectionStorage(join(dir, 'projections.sqlite'), { checkpointWorker: true });
    const { reports, until } = checkpointReports(storage.checkpointer!);
    storage.catchingUp(true);
    for (let position = 1; position <= 50; position++) {
      storage.commitSync([], [], position);
      if (position % 10 === 0) await sleep(60);
    }
    await sleep(100);
    expect(reports).toEqual([]);
    storage.catchingUp(false);
    await until((rs) => rs.length > 0);
    expect(reports).toHaveLength(1);
    expect(reports[0].error).toBeUndefined();
    expect(reports[0].checkpointed).toBe(reports[0].walFrames);
    expect(reports[0].walFrames).toBeGreaterThan(0);
    await storage.close();
  });

  it("checkpoints a catchingUp window's WAL when it has grown past the serving limit, and leaves a smaller one to later commits", async () => {
    dir = mkdtempSync(join(tmpdir(), 'proj-wal-'));
    const path = join(dir, 'projections.sqlite');
    // each commit of 500 follows below commits the window's transaction, so the WAL grows commit by commit
    const storage = new SqliteProjectionStorage(path, { windowChanges: 500 });
    const limitBytes = SERVING_WAL_PAGES * (storage.db.pragma('page_size', { simple: true }) as number);
    const follow = (i: number): DocChange => ({
      coll: 'follows',
      id: `f${i}`,
      doc: { user_id: `u${i}`, project_id: `p${i}`, created: 'x'.repeat(2000) },
      isNew: true,
    });
    const walBytes = () => statSync(`${path}-wal`).size;
    storage.catchingUp(true);
    storage.commitSync([follow(0)], [], 1);
    storage.catchingUp(false);
    // a few pages: left in the WAL, as the serving limit leaves them
    expect(walBytes()).toBeGreaterThan(0);
    expect(walBytes()).toBeLessThan(limitBytes);

    storage.catchingUp(true);
    let position = 1;
    while (walBytes() <= limitBytes && position < 200) {
      position++;
      storage.commitSync(
        Array.from({ length: 500 }, (_, i) => follow(position * 500 + i)),
        [],
        position,
      );
    }
    // past the serving limit inside the window: no commit checkpointed it
    expect(walBytes()).toBeGreaterThan(limitBytes);
    storage.catchingUp(false);
    expect(walBytes()).toBe(0);
    expect(storage.readModels.getSync('follows', `f${position * 500}`)?.user_id).toBe(`u${position * 500}`);
    expect(storage.checkpointSync()).toBe(position);
    await storage.close();
  });

  it('keeps statement journals in memory, serving and bulk alike', async () => {
    dir = mkdtempSync(join(tmpdir(), 'proj-wal-'));
    const plain = new SqliteProjectionStorage(join(dir, 'a.sqlite'));
    const bulk = new SqliteProjectionStorage(join(dir, 'b.sqlite'), { bulk: true });
    // 2: MEMORY
    expect(plain.db.pragma('temp_store', { simple: true })).toBe(2);
    expect(bulk.db.pragma('temp_store', { simple: true })).toBe(2);
    await plain.close();
    await bulk.close();
  });

  it('is off unless asked for, and never on a bulk build', async () => {
    dir = mkdtempSync(join(tmpdir(), 'proj-wal-'));
    const plain = new SqliteProjectionStorage(join(dir, 'a.sqlite'));
    const bulk = new SqliteProjectionStorage(join(dir, 'b.sqlite'), { bulk: true, checkpointWorker: true });
    expect(plain.checkpointer).toBeNull();
    expect(bulk.checkpointer).toBeNull();
    await plain.close();
    await bulk.close();
  });
});
