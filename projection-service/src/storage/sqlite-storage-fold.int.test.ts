import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocChange } from '../read-model/port';
import { SqliteProjectionStorage } from './sqlite-storage';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const follow = (i: number, user = `u${i}`): DocChange => ({ coll: 'follows', id: `f${i}`, doc: { user_id: user, project_id: `p${i}`, created: 'x' } });

/** A serving storage that folds once its recent tables have had 3 documents, a document and a key a step (at most a step every `everyMs`). */
function open(everyMs = 0) {
  dir = mkdtempSync(join(tmpdir(), 'proj-fold-'));
  const storage = new SqliteProjectionStorage(join(dir, 'projections.sqlite'), { fold: { minRows: 3, share: 0, stepRows: 1, everyMs } });
  const rows = (table: string) => storage.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get();
  return { storage, docs: () => [rows('rm_docs'), rows('rm_docs_recent')] };
}

describe('SqliteProjectionStorage folding the recent tables', () => {
  it('starts once they are large, moves a step after each commit until they are empty, and reads the same throughout', async () => {
    const { storage, docs } = open();
    storage.commitSync([follow(1), follow(2)], [], 1);
    expect(docs()).toEqual([0, 2]);
    storage.commitSync([follow(3)], [], 2);
    // three documents: the commit's step folded the first
    expect(docs()).toEqual([1, 2]);
    // an edit of the folded document writes it to the recent table again, and that step folds it (first in key order) over the main one
    storage.commitSync([follow(1, 'u1-again')], [], 3);
    expect(docs()).toEqual([1, 2]);
    // the recent table holds fewer than three now, and the fold goes on to the end
    storage.commitSync([], [], 4);
    expect(docs()).toEqual([2, 1]);
    storage.commitSync([], [], 5);
    expect(docs()).toEqual([3, 0]);
    storage.commitSync([], [], 6);
    expect(docs()).toEqual([3, 0]);
    expect(storage.readModels.getSync('follows', 'f1')?.user_id).toBe('u1-again');
    expect(await storage.readModels.findIds('follows', 'user', 'u1-again')).toEqual(['f1']);
    expect(await storage.readModels.findIds('follows', 'user', 'u1')).toEqual([]);
    expect(await storage.readModels.count('follows')).toBe(3);
    await storage.close();
  });

  it('does not fold inside a catchingUp window, only after it', async () => {
    const { storage, docs } = open();
    storage.catchingUp(true);
    storage.commitSync([follow(1), follow(2), follow(3), follow(4)], [], 1);
    storage.commitSync([follow(5)], [], 2);
    expect(docs()).toEqual([0, 5]);
    storage.catchingUp(false);
    storage.commitSync([], [], 3);
    expect(docs()).toEqual([1, 4]);
    await storage.close();
  });

  it('takes at most a step every everyMs, however many commits come', async () => {
    const { storage, docs } = open(60_000);
    storage.commitSync([follow(1), follow(2), follow(3)], [], 1);
    expect(docs()).toEqual([1, 2]);
    for (let position = 2; position <= 5; position++) storage.commitSync([], [], position);
    expect(docs()).toEqual([1, 2]);
    await storage.close();
  });

  it('a step that fails rolls back alone: the commit before it stands, and the next commit folds again', async () => {
    const { storage, docs } = open();
    const foldSync = storage.readModels.foldSync.bind(storage.readModels);
    storage.readModels.foldSync = () => {
      throw new Error('disk full');
    };
    storage.commitSync([follow(1), follow(2), follow(3)], [], 1);
    expect(storage.checkpointSync()).toBe(1);
    expect(docs()).toEqual([0, 3]);
    storage.readModels.foldSync = foldSync;
    storage.commitSync([], [], 2);
    expect(docs()).toEqual([1, 2]);
    await storage.close();
  });
});
