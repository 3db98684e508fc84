import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDoc } from '../read-model/documents';
import type { DocChange } from '../read-model/port';
import { ThreadedBulkStorage } from './threaded-bulk';

const user = (id: string): DocChange<'users'> => ({ coll: 'users', id, doc: { id, username: `u-${id}` } as UserDoc, isNew: true });

describe('ThreadedBulkStorage', () => {
  let dir: string;
  const open: ThreadedBulkStorage[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'threaded-bulk-'));
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const storage = () => {
    const s = new ThreadedBulkStorage(join(dir, 'p.sqlite'));
    open.push(s);
    return s;
  };

  it('a commit is written behind it: flush() waits for it, then its documents, keys and checkpoint are read on this thread', async () => {
    const s = storage();
    await s.commit([user('a')], [], 3);
    await s.commit([user('b')], [], 7);
    await s.flush();
    expect(await s.checkpoint()).toBe(7);
    expect(await s.readModels.get('users', 'b')).toMatchObject({ username: 'u-b' });
    expect(await s.readModels.findIds('users', 'username', 'u-a')).toEqual(['a']);
    expect(await s.readModels.count('users')).toBe(2);
  });

  it('a write that fails fails every later commit and flush; the checkpoint says what the file holds', async () => {
    const s = storage();
    await s.commit([user('a')], [], 3);
    await s.flush();
    // a key of an index the read models do not have: the worker's write throws, and its transaction is rolled back
    await s.commit([{ ...user('b'), keys: [['no-such-index', 'x']] }], [], 5);
    await expect(s.flush()).rejects.toThrow(/no index 'no-such-index'/);
    await expect(s.commit([user('c')], [], 9)).rejects.toThrow(/no index/);
    expect(await s.checkpoint()).toBe(3);
    expect(await s.readModels.get('users', 'a')).not.toBeNull();
    expect(await s.readModels.get('users', 'b')).toBeNull();
  });

  it('inside a catchingUp window the batches are one transaction, committed when the window closes', async () => {
    const s = storage();
    s.catchingUp(true);
    await s.commit([user('a')], [], 3);
    await s.commit([user('b')], [], 7);
    await s.flush();
    const other = new Database(s.path, { readonly: true });
    const stored = () => other.prepare("SELECT count(*) FROM rm_docs WHERE coll = 'users'").pluck().get();
    try {
      expect(stored()).toBe(0);
      s.catchingUp(false);
      await s.flush();
      expect(stored()).toBe(2);
      expect(await s.checkpoint()).toBe(7);
    } finally {
      other.close();
    }
  });

  it("inside the window, a read of a batch before the last one has the worker commit the window first; the last one's does not", async () => {
    const s = storage();
    s.catchingUp(true);
    await s.commit([user('a')], [], 3);
    // the last batch handed over: the build's RebuildReads answers for it, and the file need not hold it yet
    expect(await s.readModels.get('users', 'a')).toBeNull();
    expect(s.windowCommitsForReads).toBe(0);
    await s.commit([user('b')], [], 7);
    expect(await s.readModels.get('users', 'a')).toMatchObject({ username: 'u-a' });
    expect(await s.readModels.findIds('users', 'username', 'u-b')).toEqual(['b']);
    expect(s.windowCommitsForReads).toBe(1);
    // the window goes on: the next batch joins a new one
    await s.commit([user('c')], [], 9);
    await s.commit([{ ...user('d'), keys: [['no-such-index', 'x']] }], [], 11);
    await expect(s.flush()).rejects.toThrow(/no index 'no-such-index'/);
    // the failed write rolled back the window it was in (c with it), not the one committed before
    expect(await s.checkpoint()).toBe(7);
    expect(await s.readModels.get('users', 'c')).toBeNull();
  });

  it('once closed (its worker gone), a commit fails at once instead of waiting for an answer', async () => {
    const s = storage();
    await s.commit([user('a')], [], 3);
    await s.close();
    await s.commit([user('b')], [], 5);
    await expect(s.flush()).rejects.toThrow(/the build worker exited/);
    await expect(s.checkpoint()).rejects.toThrow(/the build worker exited/);
    await s.close();
  });

  it('refuses a file that holds data (it builds only into a fresh one)', () => {
    writeFileSync(join(dir, 'held.sqlite'), 'not empty');
    expect(() => new ThreadedBulkStorage(join(dir, 'held.sqlite'))).toThrow(/not a fresh file/);
  });
});
