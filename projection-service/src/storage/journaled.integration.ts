import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { missing, servers } from '../../../integration/env';
import { sampleUser } from '../read-model/contract';
import { JournalFencedError, MongoReadModels } from '../read-model/mongodb';
import { sampleDoc } from '../search/contract';
import { OpenSearchIndex } from '../search/opensearch';
import { JournaledStorage } from './journaled';

if (servers.mongodb && servers.opensearch) {
  describe('JournaledStorage (MongoDB wire + OpenSearch)', () => {
    it('finishes a batch a crash left half-written, from the journal, exactly as recorded', async () => {
      const name = `j${Math.random().toString(36).slice(2, 8)}`;
      const mongo = new MongoReadModels({ url: servers.mongodb, database: 'modshelf_it', prefix: `${name}_` });
      const index = new OpenSearchIndex({ node: servers.opensearch, prefix: `it-${name}` });
      const storage = new JournaledStorage(mongo, index);
      try {
        await storage.reset();
        await storage.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'first') }], [], 5);
        expect(await storage.recover()).toBe(false);
        // a worker killed in the middle of the batch at 9: the journal is written, one of its two
        // document writes happened (with the read models' checkpoint), the index write did not
        const docs = [
          { coll: 'users' as const, id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'second') },
          { coll: 'users' as const, id: 'BBBBBBBB', doc: sampleUser('BBBBBBBB', 'other') },
        ];
        const search = [{ projectId: 'PPPPPPPP', doc: sampleDoc('PPPPPPPP', { title: 'Journaled' }) }];
        await mongo.writeJournal(9, JSON.stringify({ docs, search }));
        await mongo.commit([docs[0]], 9);
        expect(await storage.checkpoint()).toBe(5);
        expect(await mongo.get('users', 'BBBBBBBB')).toBeNull();

        expect(await storage.recover()).toBe(true);
        expect(await storage.checkpoint()).toBe(9);
        expect((await mongo.get('users', 'AAAAAAAA'))?.username).toBe('second');
        expect((await mongo.get('users', 'BBBBBBBB'))?.username).toBe('other');
        expect((await index.search({ query: '', filter: [], sort: 'relevance', offset: 0, limit: 10 })).hits.map((h) => h.title)).toEqual(['Journaled']);
        expect(await storage.recover()).toBe(false);
      } finally {
        await mongo.drop();
        await index.drop();
        await storage.close();
      }
    });

    it("drop() deletes the read models' collections and the index, where reset() leaves them empty", async () => {
      const name = `j${Math.random().toString(36).slice(2, 8)}`;
      const mongo = new MongoReadModels({ url: servers.mongodb, database: 'modshelf_it', prefix: `${name}_` });
      const index = new OpenSearchIndex({ node: servers.opensearch, prefix: `it-${name}` });
      const storage = new JournaledStorage(mongo, index);
      const client = new MongoClient(servers.mongodb);
      const collections = async () => (await client.db('modshelf_it').listCollections().toArray()).map((c) => c.name).filter((n) => n.startsWith(`${name}_`));
      const indexes = async () => (await index.client.indices.exists({ index: [index.index, `it-${name}-meta`] })).body;
      try {
        await storage.commit(
          [{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'first') }],
          [{ projectId: 'PPPPPPPP', doc: sampleDoc('PPPPPPPP', { title: 'Dropped' }) }],
          5,
        );
        await storage.writesSettled();
        await storage.reset();
        expect(await collections()).toContain(`${name}_users`);
        expect(await indexes()).toBe(true);
        await storage.drop();
        expect(await collections()).toEqual([]);
        expect(await indexes()).toBe(false);
      } finally {
        await client.close();
        await storage.close();
      }
    });

    it('answers resume() from memory between its own batches, and refuses a batch once another writer journaled one since', async () => {
      const name = `j${Math.random().toString(36).slice(2, 8)}`;
      const open = () =>
        new JournaledStorage(
          new MongoReadModels({ url: servers.mongodb, database: 'modshelf_it', prefix: `${name}_` }),
          new OpenSearchIndex({ node: servers.opensearch, prefix: `it-${name}` }),
        );
      const a = open();
      const b = open();
      try {
        await a.reset();
        expect(await a.resume()).toEqual({ recovered: false, checkpoint: 0 });
        await a.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'a5') }], [], 5);
        // (another worker that took over before the index had batch 5 would redo it from the journal)
        await a.writesSettled();
        const reads: string[] = [];
        const journalHead = a.readModels.journalHead.bind(a.readModels);
        a.readModels.journalHead = () => {
          reads.push('journalHead');
          return journalHead();
        };
        expect(await a.resume()).toEqual({ recovered: false, checkpoint: 5 });
        expect(reads).toEqual([]);
        // another worker takes over and commits a batch of its own
        expect(await b.resume()).toEqual({ recovered: false, checkpoint: 5 });
        await b.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'b9') }], [], 9);
        // (its checkpoint is written beside its next batch: here there is none)
        await b.writesSettled();
        // the first, unaware (its resume() still answers 5), folds a batch and is fenced before writing anything
        expect((await a.resume()).checkpoint).toBe(5);
        await expect(a.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'a7') }], [], 7)).rejects.toBeInstanceOf(JournalFencedError);
        expect((await b.readModels.get('users', 'AAAAAAAA'))?.username).toBe('b9');
        expect((await b.readModels.readJournal())?.position).toBe(9);
        // its next resume() reads the stores
        expect(await a.resume()).toEqual({ recovered: false, checkpoint: 9 });
        expect(reads).toEqual(['journalHead']);
        await a.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'a12') }], [], 12);
        expect((await b.readModels.get('users', 'AAAAAAAA'))?.username).toBe('a12');
      } finally {
        await a.readModels.drop();
        await (a.search as OpenSearchIndex).drop();
        await a.close();
        await b.close();
      }
    });
  });
} else {
  const why = missing('JournaledStorage', 'MONGODB_URL/OPENSEARCH_URL', 'needs a MongoDB-wire server and OpenSearch');
  describe.skip(why, () => it('JournaledStorage', () => {}));
}
