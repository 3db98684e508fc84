import { describe, expect, it } from 'vitest';
import { missing, servers } from '../../../integration/env';
import { readModelContract, sampleUser } from './contract';
import { MongoReadModels } from './mongodb';

if (servers.mongodb) {
  const label = process.env.MONGODB_KIND ? `MongoDB wire (${process.env.MONGODB_KIND})` : 'MongoDB';
  readModelContract(label, async () => {
    const store = new MongoReadModels({ url: servers.mongodb, database: 'modshelf_it', prefix: `t${Math.random().toString(36).slice(2, 8)}_` });
    return { store, cleanup: async () => { await store.drop(); await store.close(); } };
  });

  describe(`MongoReadModels per-document revision: ${label}`, () => {
    it('ignores a change older than the stored document, and a re-applied one is harmless', async () => {
      const store = new MongoReadModels({ url: servers.mongodb, database: 'modshelf_it', prefix: `t${Math.random().toString(36).slice(2, 8)}_` });
      try {
        await store.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'New') }], 10);
        await store.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Old') }], 5);
        expect((await store.get('users', 'AAAAAAAA'))?.username).toBe('New');
        expect(await store.checkpoint()).toBe(10);
        await store.commit([{ coll: 'users', id: 'AAAAAAAA', doc: null }], 11);
        await store.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'New') }], 10);
        expect(await store.get('users', 'AAAAAAAA')).toBeNull();
        expect(await store.findIds('users', 'username', 'new')).toEqual([]);
        expect(await store.count('users')).toBe(0);
      } finally {
        await store.drop();
        await store.close();
      }
    });
  });
} else {
  const why = missing('ReadModelStore contract: MongoDB', 'MONGODB_URL', 'no MongoDB-wire server was started or given');
  describe.skip(why, () => it('ReadModelStore contract: MongoDB', () => {}));
}
