import { afterEach, describe, expect, it } from 'vitest';
import { DownloadsCounted, ProjectFollowed, downloadsStream, followsStream, type EventStore } from '@modshelf/events';
import type { BatchAck, BatchHandler, BusSubscription, EventBus } from '@modshelf/events/bus';
import type { DocChange } from '../read-model/port';
import { compareStorages } from '../replay/replay';
import type { SearchChange } from '../search/port';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { Fixtures } from '../testing/fixtures';
import { BusProjectionWorker } from './bus-worker';
import { ProjectionRunner } from './runner';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A bus that behaves as the Kafka adapter does with a BatchAck: it hands over the next batch
 * without waiting for the last one's writes, commits a batch once its `durable` resolves (in
 * order), and when one rejects starts the delivery again after the last batch committed.
 */
class PipeliningBus implements EventBus {
  committed = 0;
  /** batches handed over while an earlier one was not yet durable */
  overlapped = 0;
  private readonly loops: Array<Promise<void>> = [];
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    private readonly batchSize: number,
  ) {}

  async publish(): Promise<void> {
    throw new Error('not used');
  }

  async subscribe(_group: string, handler: BatchHandler): Promise<BusSubscription> {
    const loop = (async () => {
      let position = this.committed;
      let acks: Promise<void> = Promise.resolve();
      let pending = 0;
      let failed = false;
      while (!this.stopped) {
        if (failed) {
          await acks.catch(() => undefined);
          position = this.committed;
          acks = Promise.resolve();
          failed = false;
        }
        const events = await this.store.readAll({ after: position, maxCount: this.batchSize });
        if (events.length === 0) {
          await sleep(2);
          continue;
        }
        if (pending > 0) this.overlapped++;
        let ack: BatchAck | void;
        try {
          ack = await handler(events);
        } catch {
          failed = true;
          await sleep(2);
          continue;
        }
        const last = events[events.length - 1].position;
        position = last;
        const durable = ack ? ack.durable : Promise.resolve();
        durable.catch(() => undefined);
        pending++;
        acks = acks
          .then(() => durable)
          .then(() => {
            this.committed = Math.max(this.committed, last);
          })
          .finally(() => pending--);
        acks.catch(() => (failed = true));
      }
      await acks.catch(() => undefined);
    })();
    this.loops.push(loop);
    return { close: () => this.close() };
  }

  async close(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}

/** In-memory storage whose writes take a few ms, the write at or after `failAt` failing once. */
class SlowFlakyStorage extends SqliteProjectionStorage {
  failedAt: number | null = null;
  constructor(private readonly failAt = Number.POSITIVE_INFINITY) {
    super(':memory:');
  }
  override async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    await sleep(4);
    if (this.failedAt === null && position >= this.failAt) {
      this.failedAt = position;
      throw new Error('the server went away');
    }
    await super.commit(docs, search, position);
  }
}

describe('BusProjectionWorker with its batches written in the background', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('folds the next batch while one is written, and projects again what a failed write lost: the same read models as a replay', async () => {
    const fx = Fixtures.memory();
    const alice = await fx.user('alice');
    const projects = [await fx.project(alice, { title: 'One' }), await fx.project(alice, { title: 'Two' })];
    for (let i = 1; i <= 30; i++) {
      const p = projects[i % 2];
      await fx.emit(downloadsStream(p), [DownloadsCounted({ project_id: p, version_id: null, count: i })]);
    }
    const head = await fx.store.headPosition();
    const bus = new PipeliningBus(fx.store, 2);
    const storage = new SlowFlakyStorage(head - 12);
    const worker = new BusProjectionWorker(bus, storage, { log: () => {} });
    cleanup.push(async () => {
      await worker.close();
      await storage.close();
      await fx.store.close();
    });
    await worker.start();
    await expect.poll(() => bus.committed, { timeout: 5000 }).toBe(head);
    expect(storage.failedAt).not.toBeNull();
    expect(bus.overlapped).toBeGreaterThan(0);
    expect(await storage.checkpoint()).toBe(head);
    expect(worker.checkpoint()).toBe(head);
    const replay = new SqliteProjectionStorage(':memory:');
    await new ProjectionRunner(fx.store, replay).catchUp();
    expect((await compareStorages(storage, replay)).differences).toEqual([]);
    expect((await storage.readModels.get('projects', projects[0]))?.downloads).toBe(240);
    await replay.close();
  });

  it('reads the store only once the batches handed over are written: a new follower is notified of the next version', async () => {
    const fx = Fixtures.memory();
    const alice = await fx.user('alice');
    const project = await fx.project(alice, { title: 'Followed' });
    const fans = [await fx.user('bob'), await fx.user('carol')];
    for (const f of fans) {
      // each follow in its own batch, written while the next one (a version) is folded
      await fx.emit(followsStream(f), [ProjectFollowed({ user_id: f, project_id: project })], f);
      await fx.version(project, alice, { version_number: `1.0.${fans.indexOf(f)}` });
    }
    const head = await fx.store.headPosition();
    const bus = new PipeliningBus(fx.store, 1);
    const storage = new SlowFlakyStorage();
    const worker = new BusProjectionWorker(bus, storage, { log: () => {} });
    cleanup.push(async () => {
      await worker.close();
      await storage.close();
      await fx.store.close();
    });
    await worker.start();
    await expect.poll(() => bus.committed, { timeout: 5000 }).toBe(head);
    expect(bus.overlapped).toBeGreaterThan(0);
    const replay = new SqliteProjectionStorage(':memory:');
    await new ProjectionRunner(fx.store, replay).catchUp();
    expect(await replay.readModels.count('notifications')).toBe(3);
    expect((await compareStorages(storage, replay)).differences).toEqual([]);
    await replay.close();
  });
});
