/**
 * Where a projection worker's time goes, against the real servers that are up (KAFKA_BROKERS,
 * MONGODB_URL, OPENSEARCH_URL): a catch-up of a seeded log, then TIMELINE_RATE events/s for
 * TIMELINE_SECONDS with each event's append -> published -> handed to the worker -> committed ->
 * visible (the storage checkpoint a query replica polls) times, and per batch the server calls
 * (MongoDB commands, OpenSearch requests) with their latencies. Prints one JSON document.
 *   BENCH_SCRIPT=integration/timeline.ts npm run bench:distributed   (the servers as bench.sh starts them, or given)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { ProjectEdited, SqliteEventStore, newEventId, projectStream } from '@modshelf/events';
import { FileCheckpointStore, KafkaEventBus, Relay } from '@modshelf/events/bus';
import { Fixtures } from '@modshelf/projection-service/testing';
import { BusProjectionWorker } from '../projection-service/src/runner/bus-worker';
import { MongoReadModels } from '../projection-service/src/read-model/mongodb';
import { OpenSearchIndex } from '../projection-service/src/search/opensearch';
import { JournaledStorage } from '../projection-service/src/storage/journaled';
import { distributedStorage } from '../projection-service/src/storage/distributed';
import { servers } from './env';

const PROJECTS = Number(process.env.TIMELINE_PROJECTS ?? 1000);
const RATE = Number(process.env.TIMELINE_RATE ?? 100);
const SECONDS = Number(process.env.TIMELINE_SECONDS ?? 10);
const now = () => performance.now();
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};
const stats = (xs: number[]) => ({ n: xs.length, p50: pct(xs, 50), p99: pct(xs, 99), max: pct(xs, 100) });

interface Call {
  what: string;
  ms: number;
}

async function main(): Promise<void> {
  if (!(servers.kafka.length && servers.mongodb && servers.opensearch)) throw new Error('needs KAFKA_BROKERS, MONGODB_URL and OPENSEARCH_URL');
  const dir = mkdtempSync(join(tmpdir(), 'timeline-'));
  const run = newEventId().slice(0, 8).toLowerCase();
  const out: Record<string, unknown> = { projects: PROJECTS, rate: RATE, seconds: SECONDS };
  const store = new SqliteEventStore({ path: join(dir, 'events.db'), pollMs: 5 });
  const fx = new Fixtures(store);
  const owner = await fx.user(`tl${run}`);
  const ids: string[] = [];
  for (let i = 0; i < PROJECTS; i++) ids.push(await fx.project(owner, { title: `timeline ${i}`, slug: `tl-${run}-${i}` }));
  const head = await store.headPosition();
  out.events = head;

  const published = new Map<number, number>();
  const bus = new KafkaEventBus({ brokers: servers.kafka, topic: `timeline-${run}`, partitions: 1 });
  const publish = bus.publish.bind(bus);
  bus.publish = async (events) => {
    await publish(events);
    const t = now();
    for (const e of events) published.set(e.position, t);
  };
  await bus.ensureTopic();
  const relay = new Relay(store, bus, new FileCheckpointStore(join(dir, 'relay.json')), { pollMs: Number(process.env.RELAY_POLL_MS ?? 5) });

  // the worker's storage, with every server call it makes recorded
  const calls: Call[] = [];
  const mongo = new MongoClient(servers.mongodb, { monitorCommands: true });
  await mongo.connect();
  const started = new Map<number, number>();
  mongo.on('commandStarted', (e) => started.set(e.requestId, now()));
  mongo.on('commandSucceeded', (e) => calls.push({ what: `mongo ${e.commandName}`, ms: now() - (started.get(e.requestId) ?? now()) }));
  const search = new OpenSearchIndex({ node: servers.opensearch, prefix: `timeline-${run}`, deferRefresh: true });
  const osStarted = new Map<unknown, number>();
  search.client.on('request', (_err, r) => osStarted.set(r?.meta?.request?.id, now()));
  search.client.on('response', (_err, r) => {
    const m = r?.meta as { request?: { id?: unknown; params?: { method?: string; path?: string } } } | undefined;
    const path = (m?.request?.params?.path ?? '').replace(/timeline-[a-z0-9]+-/g, '').replace(/_doc\/.*/, '_doc');
    calls.push({ what: `opensearch ${m?.request?.params?.method} ${path}`, ms: now() - (osStarted.get(m?.request?.id) ?? now()) });
  });
  const storage = new JournaledStorage(new MongoReadModels({ url: servers.mongodb, client: mongo, database: `timeline-${run}`, prefix: 'rm_' }), search);
  await storage.reset();
  const workerBus = new KafkaEventBus({
    brokers: servers.kafka,
    topic: `timeline-${run}`,
    partitions: 1,
    maxBatch: Number(process.env.PROJECTION_MAX_BATCH ?? 5000),
    maxBytesPerPartition: 8 * 1024 * 1024,
  });
  const handed = new Map<number, number>();
  const committed = new Map<number, number>();
  const batches: Array<{ events: number; ms: number; fold_ms: number; calls: Record<string, number> }> = [];
  const subscribe = workerBus.subscribe.bind(workerBus);
  workerBus.subscribe = (group, handler, options) =>
    subscribe(
      group,
      async (events) => {
        const t = now();
        for (const e of events) handed.set(e.position, t);
        const from = calls.length;
        const ack = await handler(events);
        const folded = now();
        const record = () => {
          const done = now();
          for (const e of events) committed.set(e.position, done);
          const byKind: Record<string, number> = {};
          for (const c of calls.slice(from)) byKind[c.what] = (byKind[c.what] ?? 0) + 1;
          batches.push({ events: events.length, ms: Number((done - t).toFixed(1)), fold_ms: Number((folded - t).toFixed(1)), calls: byKind });
        };
        if (ack) void ack.durable.then(record, () => undefined);
        else record();
        return ack;
      },
      options,
    );
  const worker = new BusProjectionWorker(workerBus, storage, { group: `timeline-${run}` });

  // a separate reader polls the checkpoint, as a query replica does
  const reader = distributedStorage({ mongodbUrl: servers.mongodb, opensearchUrl: servers.opensearch, name: `timeline-${run}` });
  const visible = new Map<number, number>();
  let polling = true;
  let seen = 0;
  const poll = (async () => {
    while (polling) {
      const cp = await reader.checkpoint();
      if (cp > seen) {
        const t = now();
        for (let p = seen + 1; p <= cp; p++) visible.set(p, t);
        seen = cp;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  await relay.drain();
  let t = now();
  await worker.start();
  const joined = now();
  while (seen < head) await new Promise((r) => setTimeout(r, 5));
  const firstHanded = Math.min(...[...handed.values()]);
  out.catch_up = {
    events: head,
    events_per_s_from_start: Math.round(head / ((now() - t) / 1000)),
    start_ms: Number((joined - t).toFixed(0)),
    first_batch_after_start_ms: Number((firstHanded - t).toFixed(0)),
    events_per_s_from_first_batch: Math.round(head / ((now() - firstHanded) / 1000)),
    batches: batches.slice(),
  };
  batches.length = 0;

  // live: RATE events/s
  await relay.start();
  const appended = new Map<number, number>();
  const t0 = now();
  const writes: Array<Promise<void>> = [];
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = t0 + (i * 1000) / RATE;
    if (due > now()) await new Promise((r) => setTimeout(r, due - now()));
    writes.push(
      (async () => {
        const p = await fx.emit(projectStream(ids[i % ids.length]), [ProjectEdited({ changes: { description: `edit ${i}` } })], owner);
        appended.set(p, now());
      })(),
    );
  }
  await Promise.all(writes);
  const last = Math.max(...appended.keys());
  t = now();
  while (seen < last && now() - t < 30_000) await new Promise((r) => setTimeout(r, 5));
  const stage = (a: Map<number, number>, b: Map<number, number>) =>
    stats([...appended.keys()].filter((p) => a.has(p) && b.has(p)).map((p) => b.get(p)! - a.get(p)!));
  out.live = {
    append_to_published: stage(appended, published),
    published_to_handed: stage(published, handed),
    handed_to_committed: stage(handed, committed),
    committed_to_visible: stage(committed, visible),
    append_to_visible: stage(appended, visible),
    batches: batches.length,
    batch_events: stats(batches.map((b) => b.events)),
    batch_ms: stats(batches.map((b) => b.ms)),
    batch_calls_sample: batches.slice(0, 5),
  };
  const byKind = new Map<string, number[]>();
  for (const c of calls) byKind.set(c.what, [...(byKind.get(c.what) ?? []), c.ms]);
  out.server_call_ms = Object.fromEntries([...byKind].filter(() => true).map(([k, v]) => [k, stats(v)]));
  polling = false;
  await poll;
  await relay.stop();
  await worker.close();
  await workerBus.close();
  await bus.close();
  await storage.reset();
  await storage.close();
  await mongo.close();
  await reader.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(out, null, 2));
}

await main();
process.exit(0);
