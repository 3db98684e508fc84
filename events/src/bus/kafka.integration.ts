import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { missing, servers } from '../../../integration/env';
import { NO_STREAM, type RecordedEvent } from '../envelope';
import { newEventId } from '../ids';
import { SqliteEventStore } from '../store/sqlite';
import { FileCheckpointStore } from './checkpoint';
import { eventBusContract } from './contract';
import { KafkaEventBus } from './kafka';
import { Relay } from './relay';

const meta = () => {
  const id = newEventId();
  return { eventId: id, commandId: id, correlationId: id, causationId: id, actor: null, time: new Date().toISOString() };
};

async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

if (servers.kafka.length > 0) {
  eventBusContract(
    'Kafka (kafkajs) fed by the relay',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kbus-'));
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const bus = new KafkaEventBus({ brokers: servers.kafka, topic: `it-${newEventId().slice(0, 8)}`, partitions: 3 });
      const relay = new Relay(store, bus, new FileCheckpointStore(join(dir, 'relay.json')), { pollMs: 10 });
      await relay.start();
      return {
        store,
        bus,
        settle: () => until(() => relay.publishedPosition >= (store.db.prepare('SELECT MAX(position) p FROM events').get() as { p: number }).p, 10000, 'relay'),
        cleanup: async () => {
          await relay.stop();
          await bus.close();
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
    30000,
  );

  describe('Kafka bus: groups and relay', () => {
    it('shares the streams among the members of a group, each stream on one member', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kbus-'));
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const bus = new KafkaEventBus({ brokers: servers.kafka, topic: `it-${newEventId().slice(0, 8)}`, partitions: 3 });
      const relay = new Relay(store, bus, new FileCheckpointStore(join(dir, 'relay.json')), { pollMs: 10 });
      const got: Array<RecordedEvent[]> = [[], []];
      const subs = [];
      for (const i of [0, 1]) subs.push(await bus.subscribe('workers', async (b) => void got[i].push(...b)));
      await new Promise((r) => setTimeout(r, 3000)); // let the group settle on two members
      for (let s = 0; s < 12; s++) await store.append(`project-${s}`, [{ type: 'T', schemaVersion: 1, data: {}, metadata: meta() }], NO_STREAM);
      await relay.start();
      await until(() => got[0].length + got[1].length >= 12, 30000, 'both members');
      await relay.stop();
      for (const s of subs) await s.close();
      await bus.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      const a = new Set(got[0].map((e) => e.streamId));
      const b = new Set(got[1].map((e) => e.streamId));
      expect(a.size + b.size).toBe(12);
      expect([...a].filter((x) => b.has(x))).toEqual([]);
    }, 60000);

    it('deletes its topic (a clean-up), and a publish after it creates the topic again', async () => {
      const topic = `it-${newEventId().slice(0, 8)}`;
      const bus = new KafkaEventBus({ brokers: servers.kafka, topic, partitions: 1 });
      const admin = new Kafka({ brokers: servers.kafka, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        await bus.ensureTopic();
        expect(await admin.listTopics()).toContain(topic);
        await bus.deleteTopic();
        expect(await admin.listTopics()).not.toContain(topic);
        const dir = mkdtempSync(join(tmpdir(), 'kbus-'));
        const store = new SqliteEventStore({ path: join(dir, 'events.db') });
        await store.append('s-1', [{ type: 'A', schemaVersion: 1, data: {}, metadata: meta() }], NO_STREAM);
        await bus.publish(await store.readAll({ after: 0, maxCount: 10 }));
        expect(await admin.listTopics()).toContain(topic);
        await bus.deleteTopic();
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      } finally {
        await admin.disconnect();
        await bus.close();
      }
    }, 60000);

    it('a relay restarted from its checkpoint publishes what was appended while it was down', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'kbus-'));
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const topic = `it-${newEventId().slice(0, 8)}`;
      const bus = new KafkaEventBus({ brokers: servers.kafka, topic, partitions: 3 });
      const cp = new FileCheckpointStore(join(dir, 'relay.json'));
      const seen: RecordedEvent[] = [];
      const sub = await bus.subscribe('g', async (b) => void seen.push(...b));
      const r1 = new Relay(store, bus, cp, { pollMs: 10 });
      await r1.start();
      for (let i = 0; i < 5; i++) await store.append('s-1', [{ type: `A${i}`, schemaVersion: 1, data: {}, metadata: meta() }], i - 1);
      await until(() => seen.length >= 5, 20000, 'first relay');
      await r1.stop();
      for (let i = 5; i < 10; i++) await store.append('s-1', [{ type: `A${i}`, schemaVersion: 1, data: {}, metadata: meta() }], i - 1);
      expect(await cp.load()).toBe(5);
      const r2 = new Relay(store, bus, cp, { pollMs: 10 });
      await r2.start();
      await until(() => seen.length >= 10, 20000, 'second relay');
      await r2.stop();
      await sub.close();
      await bus.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      expect(seen.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }, 60000);
  });
} else {
  const why = missing('EventBus contract: Kafka', 'KAFKA_BROKERS', 'no Kafka broker was started or given');
  describe.skip(why, () => it('EventBus contract: Kafka', () => {}));
}
