/**
 * Distributed-profile figures beside the embedded ones, against the real servers that are up
 * (KAFKA_BROKERS, MONGODB_URL, OPENSEARCH_URL, EVENTSTORE_URL; started by integration/bench.sh).
 * Prints one JSON document. Every loop is bounded in count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, newEventId, systemEvent, type EventStore } from '@modshelf/events';
import { FileCheckpointStore, KafkaEventBus, Relay } from '@modshelf/events/bus';
import { EventStoreDbEventStore } from '@modshelf/events/store/eventstoredb';
import { Fixtures } from '@modshelf/projection-service/testing';
import { ProjectionRunner } from '../projection-service/src/runner/runner';
import { BusProjectionWorker } from '../projection-service/src/runner/bus-worker';
import { SqliteProjectionStorage } from '../projection-service/src/storage/sqlite-storage';
import { distributedStorage } from '../projection-service/src/storage/distributed';
import type { ProjectionStorage } from '../projection-service/src/storage/port';
import type { SearchRequest } from '../projection-service/src/search/port';
import { servers } from './env';
import { benchProxy } from './src/bench-proxy';

/** the catalogue's size: at 5,000 projects (about 16.7k events) a worker's catch-up spans several fetches and batches, so its rate is the pipeline's, not one batch's round trips after the group join */
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 5000);
const APPENDS = 1000;
const FRESHNESS_SAMPLES = 30;
const SEARCHES = 200;
/** what a worker process fetches at most from its partition at once (PROJECTION_FETCH_BYTES) */
const FETCH_BYTES = 8 * 1024 * 1024;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2));
};
const ms = () => performance.now();
const ev = systemEvent;

async function appendRate(store: EventStore): Promise<{ appendsPerSecond: number; p50Ms: number; p95Ms: number }> {
  const lat: number[] = [];
  const t0 = ms();
  for (let i = 0; i < APPENDS; i++) {
    const t = ms();
    await store.append(`bench-${newEventId()}`, [ev('BenchAppended', { i })], -1);
    lat.push(ms() - t);
  }
  return { appendsPerSecond: Math.round(APPENDS / ((ms() - t0) / 1000)), p50Ms: pct(lat, 50), p95Ms: pct(lat, 95) };
}

async function seed(fx: Fixtures): Promise<string[]> {
  const users: string[] = [];
  for (let i = 0; i < 50; i++) users.push(await fx.user(`benchuser${i}`));
  const words = ['iron', 'magic', 'furnace', 'dragon', 'farm', 'tech', 'sky', 'ocean', 'forest', 'craft', 'redstone', 'castle'];
  const ids: string[] = [];
  for (let i = 0; i < PROJECTS; i++) {
    const title = `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`;
    const id = await fx.project(users[i % users.length], { title, slug: `bench-${i}`, categories: [i % 2 ? 'technology' : 'magic'] });
    ids.push(id);
    if (i % 3 === 0) await fx.version(id, users[i % users.length], { version_number: '1.0.0' });
  }
  return ids;
}

const QUERIES: Array<Partial<SearchRequest>> = [
  { query: 'iron' },
  { query: 'dragon castle' },
  { query: 'furnce' },
  { query: 'sky', sort: 'downloads' },
  { query: '', sort: 'newest' },
  { query: 'farm', filter: [[[{ field: 'categories', op: '=', value: 'magic' }]]] },
  { query: 'red' },
  { query: '', filter: [[[{ field: 'categories', op: '=', value: 'technology' }]]], sort: 'follows' },
];

async function searchLatency(storage: ProjectionStorage): Promise<{ p50Ms: number; p95Ms: number; queries: number }> {
  const lat: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const q = QUERIES[i % QUERIES.length];
    const req: SearchRequest = { query: '', filter: [], sort: 'relevance', offset: 0, limit: 20, ...q, ...(q.query ? { query: `${q.query}` } : {}) };
    const t = ms();
    await storage.search.search(req);
    lat.push(ms() - t);
  }
  return { p50Ms: pct(lat, 50), p95Ms: pct(lat, 95), queries: SEARCHES };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  const out: Record<string, unknown> = {
    projects: PROJECTS,
    servers: { ...servers, mongodbKind: process.env.MONGODB_KIND, opensearchKind: process.env.OPENSEARCH_KIND },
  };
  try {
    // append: the embedded log, and EventStoreDB where it is up
    const sq = new SqliteEventStore({ path: join(dir, 'append.db') });
    out.append = { embedded_sqlite: await appendRate(sq) };
    await sq.close();
    if (servers.eventstore) {
      const es = new EventStoreDbEventStore({ connectionString: servers.eventstore });
      (out.append as Record<string, unknown>).eventstoredb = await appendRate(es);
      await es.close();
    } else (out.append as Record<string, unknown>).eventstoredb = 'not measured: no EventStoreDB server (none obtainable here)';

    if (!(servers.kafka.length && servers.mongodb && servers.opensearch)) {
      out.distributed = 'not measured: needs KAFKA_BROKERS, MONGODB_URL and OPENSEARCH_URL';
      return;
    }
    // one catalogue log, projected both ways
    const store = new SqliteEventStore({ path: join(dir, 'events.db'), pollMs: 5 });
    const fx = new Fixtures(store);
    await seed(fx);
    const head = await store.headPosition();
    out.events = head;

    const embedded = new SqliteProjectionStorage(join(dir, 'projections.sqlite'));
    const runner = new ProjectionRunner(store, embedded);
    let t = ms();
    await runner.start();
    await runner.ready;
    const embeddedCatchUp = Math.round(head / ((ms() - t) / 1000));

    const run = newEventId().slice(0, 8).toLowerCase();
    const bus = new KafkaEventBus({ brokers: servers.kafka, topic: `bench-${run}`, partitions: 1 });
    await bus.ensureTopic();
    const relay = new Relay(store, bus, new FileCheckpointStore(join(dir, 'relay.json')), { pollMs: 5 });
    t = ms();
    await relay.drain();
    const relayRate = Math.round(head / ((ms() - t) / 1000));
    // the worker's catch-up, with the batch sizes of BENCH_WORKER_BATCHES one after the other on the same
    // topic (each its own group and storage), so their ratio holds however loaded the machine is
    const batches = (process.env.BENCH_WORKER_BATCHES ?? '1000,5000')
      .split(',')
      .map(Number)
      .filter((n) => n > 0);
    const workerByBatch: Record<string, number> = {};
    for (const maxBatch of batches.slice(0, -1)) {
      const b = new KafkaEventBus({ brokers: servers.kafka, topic: `bench-${run}`, partitions: 1, maxBatch, maxBytesPerPartition: FETCH_BYTES });
      const s = distributedStorage({ mongodbUrl: servers.mongodb, opensearchUrl: servers.opensearch, name: `bench-${run}-b${maxBatch}` });
      await s.reset();
      const w = new BusProjectionWorker(b, s, { group: `bench-${run}-b${maxBatch}` });
      t = ms();
      await w.start();
      while ((await s.checkpoint()) < head && ms() - t < 600_000) await new Promise((r) => setTimeout(r, 100));
      workerByBatch[`max_batch_${maxBatch}`] = Math.round(head / ((ms() - t) / 1000));
      await w.close();
      await b.close();
      await s.drop();
      await s.close();
    }
    const lastBatch = batches[batches.length - 1] ?? 250;
    const workerBus = new KafkaEventBus({
      brokers: servers.kafka,
      topic: `bench-${run}`,
      partitions: 1,
      maxBatch: lastBatch,
      maxBytesPerPartition: FETCH_BYTES,
    });
    const dist = distributedStorage({ mongodbUrl: servers.mongodb, opensearchUrl: servers.opensearch, name: `bench-${run}` });
    await dist.reset();
    const worker = new BusProjectionWorker(workerBus, dist, { group: `bench-${run}` });
    t = ms();
    await worker.start();
    // the group join and first fetch are paid once per start; the rate after the first batch is the steady one
    let firstBatch = 0;
    let atFirstBatch = 0;
    while ((await dist.checkpoint()) < head && ms() - t < 600_000) {
      if (!firstBatch && worker.batches > 0) [firstBatch, atFirstBatch] = [ms(), worker.eventsProjected];
      await new Promise((r) => setTimeout(r, 20));
    }
    const distCatchUp = Math.round(head / ((ms() - t) / 1000));
    const joinMs = firstBatch ? Math.round(firstBatch - t) : null;
    workerByBatch[`max_batch_${lastBatch}`] = distCatchUp;
    await relay.start();

    // freshness: a write until the projections have passed its position
    const freshE: number[] = [];
    const freshD: number[] = [];
    const owner = await fx.user(`fresh${run}`);
    for (let i = 0; i < FRESHNESS_SAMPLES; i++) {
      const v = await fx.version(await fx.project(owner, { title: `fresh ${run} ${i}` }), owner, { version_number: `${i}.0.0` });
      const w0 = ms();
      await runner.waitForPosition(v.position, 10_000);
      freshE.push(ms() - w0);
      const d0 = ms();
      while ((await dist.checkpoint()) < v.position && ms() - d0 < 20_000) await new Promise((r) => setTimeout(r, 2));
      freshD.push(ms() - w0);
    }
    out.catchUpEventsPerSecond = {
      embedded_sqlite: embeddedCatchUp,
      relay_to_kafka: relayRate,
      kafka_worker_mongodb_opensearch: distCatchUp,
      kafka_worker_start_to_first_batch_ms: joinMs,
      kafka_worker_events_in_first_batch: atFirstBatch,
      kafka_worker_by_max_batch: workerByBatch,
    };
    out.freshnessMs = {
      embedded: { p50: pct(freshE, 50), p95: pct(freshE, 95), samples: FRESHNESS_SAMPLES },
      distributed: {
        p50: pct(freshD, 50),
        p95: pct(freshD, 95),
        samples: FRESHNESS_SAMPLES,
        path: 'SQLite log -> relay -> Kafka -> worker -> MongoDB wire + OpenSearch',
      },
    };
    out.search = { documents: await dist.search.count(), embedded_sqlite: await searchLatency(embedded), opensearch: await searchLatency(dist) };

    await relay.stop();
    await worker.close();
    await workerBus.close();
    await bus.deleteTopic();
    await bus.close();
    await runner.close();
    await dist.drop();
    await dist.close();
    await store.close();

    // commands/s through the proxy of start:distributed, 3 replicas against 1, and freshness under load
    out.commandsThroughProxy = process.env.BENCH_PROXY === '0' ? 'skipped (BENCH_PROXY=0)' : await benchProxy(servers).catch((err) => ({ error: String(err) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    console.log(JSON.stringify(out, null, 2));
  }
}

await main();
process.exit(0);
