/**
 * A projection worker process of the distributed profile (run as many replicas as wanted: one is
 * active on the projection topic's partition, the others stand by and take over).
 *   KAFKA_BROKERS, KAFKA_TOPIC (modshelf.events), PROJECTION_GROUP (projections), MONGODB_URL,
 *   OPENSEARCH_URL, STORAGE_NAME (modshelf), EVENTSTORE_URL (optional: for the lag metric), PORT (9464),
 *   PROJECTION_MAX_BATCH (5000: most events of one Kafka fetch projected and committed together; a
 *   live fetch holds fewer, a catch-up fetch up to PROJECTION_FETCH_BYTES, default 8 MB, of events:
 *   the larger the batch, the more of its changes to one document are written once)
 * Serves /positions (the positions it has written, as server-sent events: the query replicas'
 * PROJECTION_WORKER_URLS), /health and /metrics (Prometheus text: events projected, checkpoint, lag, and where a
 * halted projection stopped). With EVENTSTORE_URL the worker also reads the quarantine stream;
 * without it, a quarantine is seen when its event arrives on the bus.
 */
import { createServer } from 'node:http';
import { z } from 'zod';
import { KafkaEventBus } from '@modshelf/events/bus';
import { EventStoreDbEventStore } from '@modshelf/events/store/eventstoredb';
import { distributedStorage } from '../storage/distributed';
import { BusProjectionWorker } from './bus-worker';
import { loadQuarantine } from './quarantine';
import { servePositionFeed } from './position-feed-http';

const env = z
  .object({
    KAFKA_BROKERS: z.string().min(1),
    KAFKA_TOPIC: z.string().default('modshelf.events'),
    PROJECTION_GROUP: z.string().default('projections'),
    MONGODB_URL: z.string().min(1),
    OPENSEARCH_URL: z.string().url(),
    STORAGE_NAME: z.string().default('modshelf'),
    EVENTSTORE_URL: z.string().optional(),
    PORT: z.coerce.number().int().default(9464),
    PROJECTION_MAX_BATCH: z.coerce.number().int().min(1).max(20_000).default(5000),
    PROJECTION_FETCH_BYTES: z.coerce
      .number()
      .int()
      .min(65_536)
      .default(8 * 1024 * 1024),
    HOST: z.string().default('0.0.0.0'),
  })
  .parse(process.env);

const storage = distributedStorage({ mongodbUrl: env.MONGODB_URL, opensearchUrl: env.OPENSEARCH_URL, name: env.STORAGE_NAME });
const bus = new KafkaEventBus({
  brokers: env.KAFKA_BROKERS.split(','),
  topic: env.KAFKA_TOPIC,
  partitions: 1,
  maxBatch: env.PROJECTION_MAX_BATCH,
  maxBytesPerPartition: env.PROJECTION_FETCH_BYTES,
});
const store = env.EVENTSTORE_URL ? new EventStoreDbEventStore({ connectionString: env.EVENTSTORE_URL }) : null;
const worker = new BusProjectionWorker(bus, storage, { group: env.PROJECTION_GROUP, quarantine: store ? () => loadQuarantine(store) : undefined });
// the broker may be down or restarting when this process starts: join the group as soon as it answers
for (let attempt = 0; ; attempt++) {
  try {
    await worker.start();
    break;
  } catch (err) {
    console.error(JSON.stringify({ level: 'warn', msg: 'projection worker could not join its group yet; retrying', attempt, err: String(err) }));
    await new Promise((r) => setTimeout(r, Math.min(5000, 500 * 2 ** attempt)));
  }
}

const server = createServer(async (req, res) => {
  if (req.url === '/positions') {
    servePositionFeed(worker.feed, req, res);
    return;
  }
  if (req.url === '/health') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'ok', checkpoint: worker.checkpoint(), failures: worker.failures() }));
    return;
  }
  if (req.url === '/metrics') {
    const checkpoint = await storage.checkpoint().catch(() => worker.checkpoint());
    const head = store ? await store.headPosition().catch(() => null) : null;
    const lines = [
      '# TYPE modshelf_projection_events_total counter',
      `modshelf_projection_events_total ${worker.eventsProjected}`,
      '# TYPE modshelf_projection_checkpoint gauge',
      `modshelf_projection_checkpoint ${checkpoint}`,
    ];
    lines.push('# TYPE modshelf_projection_halted gauge');
    const failures = worker.failures();
    if (failures.length === 0) lines.push('modshelf_projection_halted{projection="catalogue"} 0');
    for (const f of failures) {
      const label = (v: string) => v.slice(0, 200).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
      lines.push(`modshelf_projection_halted{projection="${label(f.projection)}"} 1`);
      lines.push(
        `modshelf_projection_failed_event_position{projection="${label(f.projection)}",projector="${label(f.projector)}",event_type="${label(f.event_type)}",stream="${label(f.stream_id)}",error="${label(f.error)}"} ${f.position}`,
      );
    }
    if (head !== null) lines.push('# TYPE modshelf_projection_lag gauge', `modshelf_projection_lag ${Math.max(0, head - checkpoint)}`);
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(`${lines.join('\n')}\n`);
    return;
  }
  res.writeHead(404).end();
});
server.listen(env.PORT, env.HOST);
console.log(JSON.stringify({ level: 'info', msg: 'projection worker started', group: env.PROJECTION_GROUP, checkpoint: worker.checkpoint() }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    server.close();
    await worker.close();
    await bus.close();
    await storage.close();
    await store?.close();
    process.exit(0);
  });
}
