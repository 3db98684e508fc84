import { Kafka, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import type { RecordedEvent } from '../envelope';
import type { BatchAck, BatchHandler, BusSubscription, EventBus, SubscribeOptions } from './port';

export interface KafkaBusOptions {
  brokers: string[];
  /** default 'modshelf.events' */
  topic?: string;
  /** partitions when the topic is created (default 6). */
  partitions?: number;
  clientId?: string;
  /** consumer session timeout (default 15 s); a dead member's keys move to others after it. */
  sessionTimeoutMs?: number;
  /** most events handed to a handler at once (default 250); offsets are committed after each. */
  maxBatch?: number;
  /** most bytes one fetch takes from a partition (kafkajs's default 1 MB); a catch-up's batches are at most this large. */
  maxBytesPerPartition?: number;
}

/** KAFKAJS_LOG_LEVEL names kafkajs's log level (NOTHING by default). */
const KAFKA_LOG_LEVELS: Record<string, logLevel> = {
  NOTHING: logLevel.NOTHING,
  ERROR: logLevel.ERROR,
  WARN: logLevel.WARN,
  INFO: logLevel.INFO,
  DEBUG: logLevel.DEBUG,
};

/**
 * The distributed bus: Kafka through kafkajs (kept behind this port; it is lightly maintained).
 * Messages are keyed by stream id, so a stream's events share a partition and keep their order;
 * the value is the RecordedEvent as JSON. Producer acks = all. Consumers commit a batch's offsets
 * only after the handler resolved, so delivery is at least once.
 */
export class KafkaEventBus implements EventBus {
  readonly topic: string;
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private producerReady: Promise<Producer> | null = null;
  private topicReady: Promise<void> | null = null;
  private readonly consumers = new Set<BusSubscription>();

  constructor(private readonly options: KafkaBusOptions) {
    this.topic = options.topic ?? 'modshelf.events';
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'modshelf',
      brokers: options.brokers,
      logLevel: KAFKA_LOG_LEVELS[process.env.KAFKAJS_LOG_LEVEL ?? 'NOTHING'] ?? logLevel.NOTHING,
      retry: { initialRetryTime: 200, retries: 8 },
    });
  }

  /** Creates the topic if it does not exist (idempotent). */
  ensureTopic(): Promise<void> {
    this.topicReady ??= (async () => {
      const admin: Admin = this.kafka.admin();
      await admin.connect();
      try {
        const existing = await admin.listTopics();
        if (!existing.includes(this.topic)) {
          await admin.createTopics({
            topics: [{ topic: this.topic, numPartitions: this.options.partitions ?? 6, replicationFactor: 1 }],
            waitForLeaders: true,
          });
        }
      } finally {
        await admin.disconnect();
      }
    })().catch((err) => {
      this.topicReady = null;
      throw err;
    });
    return this.topicReady;
  }

  private getProducer(): Promise<Producer> {
    this.producerReady ??= (async () => {
      await this.ensureTopic();
      const p = this.kafka.producer({ allowAutoTopicCreation: false, maxInFlightRequests: 1, idempotent: true });
      await p.connect();
      this.producer = p;
      return p;
    })().catch((err) => {
      this.producerReady = null;
      throw err;
    });
    return this.producerReady;
  }

  async publish(events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const producer = await this.getProducer();
    await producer.send({
      topic: this.topic,
      acks: -1,
      messages: events.map((e) => ({
        key: e.streamId,
        value: JSON.stringify(e),
        headers: { position: String(e.position) },
      })),
    });
  }

  /**
   * Joins the consumer group. The member is supervised: kafkajs restarts a crashed consumer from a
   * timer whose failure (the broker still down) is an unhandled rejection that ends the process, so
   * its own restart is off and a crash (a broker restart, a handler error) makes this method start
   * a fresh consumer, retrying with a capped backoff until the broker answers or the member is closed.
   */
  async subscribe(group: string, handler: BatchHandler, options: SubscribeOptions = {}): Promise<BusSubscription> {
    await this.ensureTopic();
    let closed = false;
    let current: Consumer | null = null;
    let restarting: Promise<void> | null = null;
    // consumers that crashed: one that crashes while the restart that started it is still running
    // (kafkajs reports a failed join after run() returned) is restarted by that same loop
    const crashed = new WeakSet<Consumer>();
    // the offset commits of the current consumer, chained in order behind the handlers' durable writes
    let acks: Promise<void> = Promise.resolve();
    let joined!: () => void;
    const joinedP = new Promise<void>((r) => (joined = r));
    const start = async (): Promise<void> => {
      const consumer: Consumer = this.kafka.consumer({
        groupId: group,
        sessionTimeout: this.options.sessionTimeoutMs ?? 15000,
        rebalanceTimeout: 20000,
        heartbeatInterval: 1500,
        allowAutoTopicCreation: false,
        ...(this.options.maxBytesPerPartition
          ? { maxBytesPerPartition: this.options.maxBytesPerPartition, maxBytes: Math.max(10_485_760, this.options.maxBytesPerPartition) }
          : {}),
        retry: { initialRetryTime: 100, retries: 5, restartOnFailure: async () => false },
      });
      current = consumer;
      acks = Promise.resolve();
      consumer.on(consumer.events.GROUP_JOIN, () => joined());
      consumer.on(consumer.events.CRASH, () => {
        crashed.add(consumer);
        if (!closed && current === consumer) restart();
      });
      await consumer.connect();
      await consumer.subscribe({ topic: this.topic, fromBeginning: options.start !== 'latest' });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: 1,
        eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
          // hand the fetched batch over in chunks, committing and heartbeating after each, so a
          // slow handler never outlives the session (which would redeliver the whole batch forever)
          const size = this.options.maxBatch ?? 250;
          for (let i = 0; i < batch.messages.length; i += size) {
            if (!isRunning() || isStale()) return;
            const chunk = batch.messages.slice(i, i + size);
            const events = chunk.map((m) => JSON.parse(m.value!.toString()) as RecordedEvent);
            // keep the membership alive while a slow handler (a loaded database) works on the chunk
            const beat = setInterval(() => void heartbeat().catch(() => undefined), 2000);
            let ack: BatchAck | void;
            try {
              ack = await handler(events);
            } finally {
              clearInterval(beat);
            }
            const last = chunk[chunk.length - 1].offset;
            resolveOffset(last);
            // the offsets are committed, in order, once the handler's writes are durable; meanwhile the
            // next chunk or fetch goes on. A write that fails starts the member again from the last commit.
            const durable = ack ? ack.durable : Promise.resolve();
            durable.catch(() => undefined); // its failure is handled by the chain below, whenever it gets there
            acks = acks
              .then(() => durable)
              .then(() => consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() }]));
            acks.catch(() => {
              if (closed || current !== consumer || crashed.has(consumer)) return;
              crashed.add(consumer);
              restart();
            });
            await heartbeat();
          }
        },
      });
    };
    const restart = (): void => {
      restarting ??= (async () => {
        for (let attempt = 0; !closed; attempt++) {
          await current?.disconnect().catch(() => undefined);
          await new Promise((r) => setTimeout(r, Math.min(5000, 250 * 2 ** attempt)));
          if (closed) return;
          try {
            await start();
            // a crash during start() found this loop still running: go round again
            if (!current || !crashed.has(current)) return;
          } catch {
            // the broker is not back yet: try again
          }
        }
      })().finally(() => {
        restarting = null;
        if (!closed && current && crashed.has(current)) restart();
      });
    };
    let timer: NodeJS.Timeout | undefined;
    try {
      await start();
      await Promise.race([
        joinedP,
        new Promise((_, rej) => (timer = setTimeout(() => rej(new Error(`kafka consumer group ${group} did not join in 30 s`)), 30000))),
      ]);
    } catch (err) {
      // nothing of this member may linger: the caller may try again
      closed = true;
      await restarting;
      await (current as Consumer | null)?.disconnect().catch(() => undefined);
      throw err;
    } finally {
      clearTimeout(timer);
    }
    const sub: BusSubscription = {
      close: async () => {
        closed = true;
        this.consumers.delete(sub);
        await restarting;
        // let the commits of durable batches land (bounded: a write that hangs only costs a redelivery)
        await Promise.race([acks.catch(() => undefined), new Promise((r) => setTimeout(r, 5000).unref())]);
        await current?.disconnect();
      },
    };
    this.consumers.add(sub);
    return sub;
  }

  /** Deletes the topic (a bench's or a test's clean-up); a later publish creates it again. */
  async deleteTopic(): Promise<void> {
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      if ((await admin.listTopics()).includes(this.topic)) await admin.deleteTopics({ topics: [this.topic] });
    } finally {
      await admin.disconnect();
    }
    this.topicReady = null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.close()));
    if (this.producer) await this.producer.disconnect();
    this.producer = null;
    this.producerReady = null;
  }
}
