/**
 * The relay process of the distributed profile: tails the event store from its stored checkpoint
 * and publishes to Kafka keyed by stream id (at least once). One active relay per log.
 *   EVENTSTORE_URL (esdb://...) or EVENTS_DB (an SQLite log file), KAFKA_BROKERS (a,b,c),
 *   KAFKA_TOPIC (modshelf.events), RELAY_CHECKPOINT (./data/relay-checkpoint.json), RELAY_POLL_MS (5)
 */
import { z } from 'zod';
import { SqliteEventStore } from '../store/sqlite';
import { EventStoreDbEventStore } from '../store/eventstoredb';
import type { EventStore } from '../store/port';
import { FileCheckpointStore } from './checkpoint';
import { KafkaEventBus } from './kafka';
import { Relay } from './relay';

const env = z
  .object({
    EVENTSTORE_URL: z.string().optional(),
    EVENTS_DB: z.string().optional(),
    KAFKA_BROKERS: z.string().min(1),
    KAFKA_TOPIC: z.string().default('modshelf.events'),
    RELAY_CHECKPOINT: z.string().default('./data/relay-checkpoint.json'),
    /** how long the relay waits before reading the log again when it found nothing new */
    RELAY_POLL_MS: z.coerce.number().int().min(1).default(5),
  })
  .refine((e) => !!e.EVENTSTORE_URL !== !!e.EVENTS_DB, { message: 'set exactly one of EVENTSTORE_URL and EVENTS_DB' })
  .parse(process.env);

const store: EventStore = env.EVENTSTORE_URL
  ? new EventStoreDbEventStore({ connectionString: env.EVENTSTORE_URL })
  : new SqliteEventStore({ path: env.EVENTS_DB! });
const bus = new KafkaEventBus({ brokers: env.KAFKA_BROKERS.split(','), topic: env.KAFKA_TOPIC, partitions: 1 });
const relay = new Relay(store, bus, new FileCheckpointStore(env.RELAY_CHECKPOINT), {
  pollMs: env.RELAY_POLL_MS,
  onError: (err) => console.error(JSON.stringify({ level: 'error', msg: 'relay publish failed, retrying', err: String(err) })),
});
await relay.start();
console.log(JSON.stringify({ level: 'info', msg: 'relay started', from: relay.publishedPosition, topic: bus.topic }));
const timer = setInterval(
  () => console.log(JSON.stringify({ level: 'info', msg: 'relay', position: relay.publishedPosition, published: relay.publishedCount })),
  60_000,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    clearInterval(timer);
    await relay.stop();
    await bus.close();
    await store.close();
    process.exit(0);
  });
}
