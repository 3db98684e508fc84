import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore, newEventId, type EventStore } from '@modshelf/events';
import { FileCheckpointStore, KafkaEventBus, Relay } from '@modshelf/events/bus';
import { EventStoreDbEventStore } from '@modshelf/events/store/eventstoredb';
import { installErrorHandling } from '@modshelf/service-kit';
import { Fixtures } from '@modshelf/projection-service/testing';
import { registerQueryRoutes } from '../projection-service/src/routes/plugin';
import { replayAndCompare } from '../projection-service/src/replay/replay';
import { BusProjectionWorker } from '../projection-service/src/runner/bus-worker';
import { MongoReadModels } from '../projection-service/src/read-model/mongodb';
import { OpenSearchIndex } from '../projection-service/src/search/opensearch';
import { composeStorage } from '../projection-service/src/storage/port';
import { storageProjections } from '../projection-service/src/storage/distributed';
import { missing, servers } from './env';

const ready = servers.kafka.length > 0 && !!servers.mongodb && !!servers.opensearch;

if (ready) {
  describe('end to end: write -> log -> relay -> Kafka -> projection worker -> MongoDB + OpenSearch -> query API', () => {
    it('serves what was written, and the distributed projections equal a fresh embedded replay', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'e2e-'));
      const run = newEventId().slice(0, 8);
      const store: EventStore = servers.eventstore
        ? new EventStoreDbEventStore({ connectionString: servers.eventstore })
        : new SqliteEventStore({ path: join(dir, 'events.db') });
      const fx = new Fixtures(store);
      const bus = new KafkaEventBus({ brokers: servers.kafka, topic: `e2e-${run}`, partitions: 1 });
      const relay = new Relay(store, bus, new FileCheckpointStore(join(dir, 'relay.json')), { pollMs: 10 });
      const mongo = new MongoReadModels({ url: servers.mongodb, database: 'modshelf_it', prefix: `e2e${run}_` });
      const search = new OpenSearchIndex({ node: servers.opensearch, prefix: `e2e-${run.toLowerCase()}` });
      const storage = composeStorage(mongo, search);
      await storage.reset();
      const worker = new BusProjectionWorker(bus, storage, { group: `projections-${run}` });
      const projections = storageProjections(storage, store, { worker });
      const app = Fastify();
      installErrorHandling(app);
      app.decorateRequest('actor', null);
      registerQueryRoutes(app, { projections, publicUrl: 'http://localhost' });
      await app.ready();
      try {
        await relay.start();
        await worker.start();

        // the write side: what the command handlers append
        const alice = await fx.user(`alice${run}`);
        const bob = await fx.user(`bob${run}`);
        const furnace = await fx.project(alice, { title: `Iron Furnaces ${run}`, slug: `iron-furnaces-${run}` });
        const wands = await fx.project(bob, { title: `Magic Wands ${run}`, slug: `magic-wands-${run}` });
        await fx.project(bob, { title: `Secret Draft ${run}`, slug: `secret-draft-${run}` }, 'draft');
        await fx.version(furnace, alice, { version_number: '1.0.0' });
        const v2 = await fx.version(furnace, alice, { version_number: '1.1.0' });

        // read-your-writes: the query waits (bounded) for the position the write reached
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/v2/project/iron-furnaces-${run}`, headers: { 'x-modshelf-min-position': String(v2.position) } });
        const freshnessMs = performance.now() - t0;
        expect(res.statusCode).toBe(200);
        const project = res.json();
        expect(project.id).toBe(furnace);
        expect(project.title).toBe(`Iron Furnaces ${run}`);
        expect(project.versions).toHaveLength(2);
        console.log(`[e2e] write -> query visible after ${freshnessMs.toFixed(0)} ms (relay + Kafka + worker + MongoDB + OpenSearch)`);

        // the project's route waits for the read models; a search waits for the index too, when asked for the position
        const seen = { 'x-modshelf-min-position': String(v2.position) };
        const hits = (await app.inject({ method: 'GET', url: `/v2/search?query=${encodeURIComponent(`furnaces ${run}`)}`, headers: seen })).json();
        expect(hits.hits.map((h: { project_id: string }) => h.project_id)).toEqual([furnace]);
        const typo = (
          await app.inject({
            method: 'GET',
            url: `/v2/search?query=wnads&facets=${encodeURIComponent(JSON.stringify([[`project_id:${wands}`]]))}`,
            headers: seen,
          })
        ).json();
        expect(typo.hits.map((h: { project_id: string }) => h.project_id)).toEqual([wands]);
        const draft = await app.inject({ method: 'GET', url: `/v2/search?query=${encodeURIComponent(`secret ${run}`)}`, headers: seen });
        expect(draft.json().total_hits).toBe(0);
        const byHash = await app.inject({ method: 'GET', url: `/v2/version_file/${v2.sha1}` });
        expect(byHash.statusCode).toBe(200);
        expect(byHash.json().id).toBe(v2.id);

        // an update travels the same way
        const v3 = await fx.version(wands, bob, { version_number: '2.0.0' });
        const t1 = performance.now();
        const after = await app.inject({ method: 'GET', url: `/v2/project/${wands}/version`, headers: { 'x-modshelf-min-position': String(v3.position) } });
        console.log(`[e2e] a second write visible after ${(performance.now() - t1).toFixed(0)} ms`);
        expect(after.json().map((v: { id: string }) => v.id)).toEqual([v3.id]);
        const head = await store.headPosition();
        expect(await projections.waitForPosition(head, 20000)).toBe(true);

        const report = await replayAndCompare({ store, dataDir: dir, live: storage });
        expect(report.differences).toEqual([]);
        expect(report.equal).toBe(true);
        expect(report.documents).toBeGreaterThan(5);
      } finally {
        await relay.stop();
        await worker.close();
        await app.close();
        await bus.close();
        await mongo.drop().catch(() => undefined);
        await search.drop().catch(() => undefined);
        await storage.close();
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120000);
  });
} else {
  const why = missing(
    'end-to-end write -> Kafka -> projection -> query',
    'KAFKA_BROKERS/MONGODB_URL/OPENSEARCH_URL',
    'needs Kafka, a MongoDB-wire server and OpenSearch',
  );
  describe.skip(why, () => it('end to end', () => {}));
}
