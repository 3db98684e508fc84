import { describe, expect, it } from 'vitest';
import { missing, servers } from '../../../integration/env';
import { readModelContract, sampleProject, sampleUser } from './contract';
import { Binary, MongoClient } from 'mongodb';
import { bulkChunkFromEnv, MongoReadModels } from './mongodb';

if (servers.mongodb) {
  const label = process.env.MONGODB_KIND ? `MongoDB wire (${process.env.MONGODB_KIND})` : 'MongoDB';
  readModelContract(label, async () => {
    const store = new MongoReadModels({ url: servers.mongodb, database: 'modshelf_it', prefix: `t${Math.random().toString(36).slice(2, 8)}_` });
    return {
      store,
      cleanup: async () => {
        await store.drop();
        await store.close();
      },
    };
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

  describe(`MongoReadModels storage format: ${label}`, () => {
    it('stores each document deflated in one binary field, and still reads one stored as fields', async () => {
      const client = new MongoClient(servers.mongodb, { serverSelectionTimeoutMS: 10000 });
      await client.connect();
      const prefix = `t${Math.random().toString(36).slice(2, 8)}_`;
      const store = new MongoReadModels({ url: servers.mongodb, client, database: 'modshelf_it', prefix });
      try {
        await store.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Packed') }], 3);
        const raw = await client
          .db('modshelf_it')
          .collection(`${prefix}users`)
          .findOne({ _id: 'AAAAAAAA' as never });
        expect(raw?.doc).toBeInstanceOf(Binary);
        expect(raw?._keys).toEqual({ username: ['packed'] });
        expect((await store.get('users', 'AAAAAAAA'))?.username).toBe('Packed');
        // a document written before the codec (fields) reads as it is
        await client
          .db('modshelf_it')
          .collection(`${prefix}users`)
          .insertOne({ _id: 'BBBBBBBB' as never, _pos: 2, doc: sampleUser('BBBBBBBB', 'Fields'), _keys: { username: ['fields'] } });
        expect((await store.get('users', 'BBBBBBBB'))?.username).toBe('Fields');
        expect((await store.getMany('users', ['AAAAAAAA', 'BBBBBBBB'])).map((u) => u.username)).toEqual(['Packed', 'Fields']);
        expect(await store.findIds('users', 'username', 'fields')).toEqual(['BBBBBBBB']);
      } finally {
        await store.drop();
        await client.close();
      }
    });
  });

  describe(`MongoReadModels index added after documents were stored: ${label}`, () => {
    it('fills it from the stored documents once, and a document stored since keeps the keys its writer gave it', async () => {
      const client = new MongoClient(servers.mongodb, { serverSelectionTimeoutMS: 10000 });
      await client.connect();
      const prefix = `t${Math.random().toString(36).slice(2, 8)}_`;
      const queued = (id: string) => ({ ...sampleProject(id, id.toLowerCase(), ['AAAAAAAA']), status: 'processing' as const });
      const first = new MongoReadModels({ url: servers.mongodb, client, database: 'modshelf_it', prefix });
      try {
        await first.commit(
          [
            { coll: 'projects', id: 'P0000001', doc: queued('P0000001') },
            { coll: 'projects', id: 'P0000002', doc: sampleProject('P0000002', 'two', ['AAAAAAAA']) },
            { coll: 'projects', id: 'P0000003', doc: queued('P0000003') },
          ],
          1,
        );
        // the collection as code without the review index stored it
        const db = client.db('modshelf_it');
        await db.collection(`${prefix}projects`).updateMany({}, { $unset: { '_keys.review': '' } });
        await db.collection(`${prefix}meta`).deleteOne({ _id: 'keys:projects.review' as never });
        expect(await first.findIds('projects', 'review', 'processing')).toEqual([]);

        const second = new MongoReadModels({ url: servers.mongodb, client, database: 'modshelf_it', prefix });
        expect(await second.findIds('projects', 'review', 'processing')).toEqual(['P0000001', 'P0000003']);
        expect(await second.findIds('projects', 'slug', 'two')).toEqual(['P0000002']);
        await second.commit([{ coll: 'projects', id: 'P0000003', doc: sampleProject('P0000003', 'p0000003', ['AAAAAAAA']) }], 2);
        expect(await second.findIds('projects', 'review', 'processing')).toEqual(['P0000001']);
        // filled once: a later open leaves the stored keys as they are
        await db.collection(`${prefix}projects`).updateOne({ _id: 'P0000001' as never }, { $unset: { '_keys.review': '' } });
        const third = new MongoReadModels({ url: servers.mongodb, client, database: 'modshelf_it', prefix });
        expect(await third.findIds('projects', 'review', 'processing')).toEqual([]);
      } finally {
        await first.drop();
        await client.close();
      }
    });
  });

  describe(`MongoReadModels reads by _id through an index: ${label}`, () => {
    // FerretDB 1.24 over PostgreSQL pushes `{_id: x}` down as `_jsonb -> '_id' @> x`, which its own
    // btree `_id` index cannot answer; integration/servers/ferretdb-id-index.sql gives every table a
    // GIN index that can. Without it, every update op and find by _id scans the whole table.
    it('the server answers a find by _id from an index, not by scanning the collection', async () => {
      const client = new MongoClient(servers.mongodb, { serverSelectionTimeoutMS: 10000 });
      await client.connect();
      const prefix = `t${Math.random().toString(36).slice(2, 8)}_`;
      const store = new MongoReadModels({ url: servers.mongodb, client, database: 'modshelf_it', prefix });
      try {
        const ids = Array.from({ length: 200 }, (_, i) => `U${String(i).padStart(7, '0')}`);
        await store.commit(
          ids.map((id) => ({ coll: 'users', id, doc: sampleUser(id, `n${id}`) })),
          1,
        );
        const plan = await client
          .db('modshelf_it')
          .collection(`${prefix}users`)
          .find({ _id: ids[7] as never })
          .explain();
        const text = JSON.stringify(plan.queryPlanner);
        // PostgreSQL's plan (FerretDB) or MongoDB's stage names
        expect(text).toMatch(/Index Scan|IDHACK|IXSCAN|EXPRESS_IXSCAN|CLUSTERED_IXSCAN/);
        expect(text).not.toMatch(/Seq Scan|COLLSCAN/);
      } finally {
        await store.drop();
        await client.close();
      }
    });
  });

  /** A client that records the size of every `update` command sent to a fresh prefix's users. */
  async function countingUpdates() {
    const client = new MongoClient(servers.mongodb, { monitorCommands: true, serverSelectionTimeoutMS: 10000 });
    const prefix = `t${Math.random().toString(36).slice(2, 8)}_`;
    const sizes: number[] = [];
    client.on('commandStarted', (e) => {
      if (e.commandName === 'update' && e.command.update === `${prefix}users`) sizes.push((e.command.updates as unknown[]).length);
    });
    await client.connect();
    return { client, prefix, sizes };
  }

  describe(`MongoReadModels bulk chunks sized from the server's pool: ${label}`, () => {
    // The minimal reproduction of FerretDB 1.24's stall (integration/README.md): one `update`
    // command whose ops match as many documents as FerretDB's PostgreSQL pool holds never returns,
    // and every other client waits with it. The adapter must split such a commit into commands of
    // at most `bulkChunk` ops; this commit matches twice the pool.
    it('a commit replacing twice the pool of stored documents completes, in commands of at most bulkChunk ops, and the server still answers', async () => {
      const pool = Number(process.env.MONGO_SERVER_POOL ?? 40);
      const { chunk, parallel } = bulkChunkFromEnv();
      expect(chunk * parallel).toBeLessThan(pool);
      const { client, prefix, sizes } = await countingUpdates();
      const store = new MongoReadModels({ url: servers.mongodb, client, database: 'modshelf_it', prefix });
      const ids = Array.from({ length: pool * 2 }, (_, i) => `U${String(i).padStart(7, '0')}`);
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`commit did not return within 40 s: the server stalled (${sizes.length} update commands sent)`)), 40_000);
      });
      try {
        await Promise.race([
          store.commit(
            ids.map((id) => ({ coll: 'users', id, doc: sampleUser(id, `a${id}`) })),
            1,
          ),
          stalled,
        ]);
        sizes.length = 0;
        await Promise.race([
          store.commit(
            ids.map((id) => ({ coll: 'users', id, doc: sampleUser(id, `b${id}`) })),
            2,
          ),
          stalled,
        ]);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(chunk);
        expect(await Promise.race([client.db('admin').admin().listDatabases(), stalled])).toHaveProperty('databases');
        expect(await store.count('users')).toBe(ids.length);
        expect((await store.get('users', ids[ids.length - 1]))?.username).toBe(`b${ids[ids.length - 1]}`);
        expect(await store.checkpoint()).toBe(2);
      } finally {
        clearTimeout(timer);
        await store.drop();
        await client.close();
      }
    }, 90_000);

    it("a commit smaller than the lanes' chunks is spread evenly over the lanes (20 ops on 2 lanes: 10 and 10, not 16 and 4)", async () => {
      const { client, prefix, sizes } = await countingUpdates();
      const store = new MongoReadModels({ url: servers.mongodb, client, database: 'modshelf_it', prefix, bulkChunk: 16, bulkParallel: 2 });
      const ids = Array.from({ length: 20 }, (_, i) => `U${String(i).padStart(7, '0')}`);
      try {
        await store.commit(
          ids.map((id) => ({ coll: 'users', id, doc: sampleUser(id, `a${id}`) })),
          1,
        );
        sizes.length = 0;
        await store.commit(
          ids.map((id) => ({ coll: 'users', id, doc: sampleUser(id, `b${id}`) })),
          2,
        );
        expect(sizes.sort()).toEqual([10, 10]);
        expect((await store.get('users', ids[19]))?.username).toBe(`b${ids[19]}`);
      } finally {
        await store.drop();
        await client.close();
      }
    });
  });
} else {
  const why = missing('ReadModelStore contract: MongoDB', 'MONGODB_URL', 'no MongoDB-wire server was started or given');
  describe.skip(why, () => it('ReadModelStore contract: MongoDB', () => {}));
}
