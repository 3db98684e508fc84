import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleProject, sampleUser } from '../read-model/contract';
import type { DocChange } from '../read-model/port';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { ReadCache } from './read-cache';
import { indexKeys } from '../read-model/collections';

describe("ReadCache (the projection worker's reads)", () => {
  let dir: string;
  let storage: SqliteProjectionStorage;
  let calls: number;
  let cache: ReadCache;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'read-cache-'));
    storage = new SqliteProjectionStorage(join(dir, 'p.sqlite'));
    calls = 0;
    const counted = {
      get: ((coll, id) => (calls++, storage.readModels.get(coll, id))) as typeof storage.readModels.get,
      findIds: (coll: Parameters<typeof storage.readModels.findIds>[0], index: string, key: string) => (calls++, storage.readModels.findIds(coll, index, key)),
    };
    cache = new ReadCache(counted, 1000);
  });
  afterEach(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const commit = async (changes: DocChange[], position: number) => {
    await storage.commit(changes, [], position);
    cache.committed(changes);
  };
  const same = async (coll: 'users' | 'projects', index: string, key: string) => {
    expect(await cache.findIds(coll, index, key)).toEqual(await storage.readModels.findIds(coll, index, key));
  };

  it('reads the store once, then answers from memory with copies', async () => {
    await commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'alice'), isNew: true }], 1);
    const a = await cache.get('users', 'AAAAAAAA');
    const before = calls;
    const b = await cache.get('users', 'AAAAAAAA');
    expect(calls).toBe(before);
    expect(b).toEqual(a);
    b!.bio = 'changed in place';
    expect((await cache.get('users', 'AAAAAAAA'))?.bio).toBeNull();
  });

  it('keeps documents and lookups equal to the store through commits, with or without hints', async () => {
    await commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'alice'), isNew: true }], 1);
    await same('users', 'username', 'alice');
    await same('users', 'username', 'bob');
    await same('projects', 'member', 'AAAAAAAA');
    // renamed with no hint, the document cached: its old keys come from the cache
    await cache.get('users', 'AAAAAAAA');
    await commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'bob') }], 2);
    await same('users', 'username', 'alice');
    await same('users', 'username', 'bob');
    // a project of a document never read, no hint: the collection's lookups are dropped
    await commit([{ coll: 'projects', id: 'PPPPPPPP', doc: sampleProject('PPPPPPPP', 'proj', ['AAAAAAAA']) }], 3);
    await same('projects', 'member', 'AAAAAAAA');
    // members change with the oldKeys hint
    await commit(
      [
        {
          coll: 'projects',
          id: 'PPPPPPPP',
          doc: sampleProject('PPPPPPPP', 'proj', ['BBBBBBBB']),
          oldKeys: [
            ['slug', 'proj'],
            ['member', 'AAAAAAAA'],
            ['team', 'TPPPPPPP'],
          ],
        },
      ],
      4,
    );
    await same('projects', 'member', 'AAAAAAAA');
    await same('projects', 'member', 'BBBBBBBB');
    // deleted
    await commit([{ coll: 'users', id: 'AAAAAAAA', doc: null }], 5);
    await same('users', 'username', 'bob');
    expect(await cache.get('users', 'AAAAAAAA')).toBeNull();
    const before = calls;
    await cache.findIds('users', 'username', 'bob');
    expect(calls).toBe(before);
    cache.clear();
    await cache.findIds('users', 'username', 'bob');
    expect(calls).toBe(before + 1);
  });

  it('with the stored ids at hand, answers "absent" without a round trip, and learns what it commits', async () => {
    await storage.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'alice'), isNew: true }], [], 1);
    let gets = 0;
    const withIds = new ReadCache({
      get: ((coll, id) => (gets++, storage.readModels.get(coll, id))) as typeof storage.readModels.get,
      findIds: (coll, index, key) => storage.readModels.findIds(coll, index, key),
      ids: async (coll) => {
        const ids: string[] = [];
        for await (const [id] of storage.readModels.scan(coll)) ids.push(id);
        return ids;
      },
    });
    expect(await withIds.get('users', 'BBBBBBBB')).toBeNull();
    expect(gets).toBe(0);
    expect((await withIds.get('users', 'AAAAAAAA'))?.username).toBe('alice');
    expect(gets).toBe(1);
    const changes: DocChange[] = [{ coll: 'users', id: 'CCCCCCCC', doc: sampleUser('CCCCCCCC', 'carol'), isNew: true }];
    await storage.commit(changes, [], 2);
    withIds.committed(changes);
    await withIds.prefetch([
      ['users', 'CCCCCCCC'],
      ['users', 'DDDDDDDD'],
    ]);
    expect((await withIds.get('users', 'CCCCCCCC'))?.username).toBe('carol');
    expect(gets).toBe(1);
    withIds.clear();
    expect((await withIds.get('users', 'CCCCCCCC'))?.username).toBe('carol');
    expect(gets).toBe(2);
  });

  it('with the keys an index holds at hand, answers a lookup of any other key without a round trip, and learns the keys it commits', async () => {
    await storage.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'alice'), isNew: true }], [], 1);
    let lookups = 0;
    const distinct = async (coll: 'users', index: string) => {
      const keys = new Set<string>();
      for await (const [id] of storage.readModels.scan(coll))
        for (const [i, key] of indexKeys(coll, (await storage.readModels.get(coll, id))!)) if (i === index) keys.add(key);
      return [...keys];
    };
    const withKeys = new ReadCache({
      get: (coll, id) => storage.readModels.get(coll, id),
      findIds: (coll, index, key) => (lookups++, storage.readModels.findIds(coll, index, key)),
      keys: (coll, index) => distinct(coll as 'users', index),
    });
    expect(await withKeys.findIds('users', 'username', 'bob')).toEqual([]);
    expect(lookups).toBe(0);
    expect(await withKeys.findIds('users', 'username', 'alice')).toEqual(['AAAAAAAA']);
    expect(lookups).toBe(1);
    const changes: DocChange[] = [{ coll: 'users', id: 'BBBBBBBB', doc: sampleUser('BBBBBBBB', 'bob'), isNew: true }];
    await storage.commit(changes, [], 2);
    withKeys.committed(changes);
    expect(await withKeys.findIds('users', 'username', 'bob')).toEqual(['BBBBBBBB']);
    withKeys.clear();
    expect(await withKeys.findIds('users', 'username', 'bob')).toEqual(['BBBBBBBB']);
    expect(await withKeys.findIds('users', 'username', 'carol')).toEqual([]);
    expect(lookups).toBe(3);
  });
});
