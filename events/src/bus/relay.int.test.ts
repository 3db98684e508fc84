import { describe, expect, it } from 'vitest';
import { NO_STREAM, type RecordedEvent } from '../envelope';
import { SqliteEventStore } from '../store/sqlite';
import { systemEvent } from '../system-event';
import type { BusSubscription, CheckpointStore, EventBus } from './port';
import { Relay } from './relay';
import { Gate } from '../testing/gate';

/** A bus that records what was published. */
class RecordingBus implements EventBus {
  published: number[] = [];
  async publish(events: readonly RecordedEvent[]): Promise<void> {
    for (const e of events) this.published.push(e.position);
  }
  async subscribe(): Promise<BusSubscription> {
    throw new Error('not used');
  }
  async close(): Promise<void> {}
}

/** A checkpoint whose saves wait until released (a file system busy with another process's writes). */
class SlowCheckpoint implements CheckpointStore {
  saves: number[] = [];
  stored = 0;
  readonly gate = new Gate();
  async load(): Promise<number> {
    return this.stored;
  }
  async save(position: number): Promise<void> {
    this.saves.push(position);
    await this.gate.pass();
    this.stored = position;
  }
}

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 5000;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
}

let streams = 0;
async function appendEvents(store: SqliteEventStore, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await store.append(`bench-${++streams}`, [systemEvent('BenchAppended', { i })], NO_STREAM);
}

describe('Relay checkpoints', () => {
  it('publishes batch after batch while a slow checkpoint save runs, saves the latest position, and names everything published once drained', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    await appendEvents(store, 10);
    const bus = new RecordingBus();
    const checkpoint = new SlowCheckpoint();
    checkpoint.gate.hold();
    const relay = new Relay(store, bus, checkpoint, { batchSize: 2 });
    let drained = false;
    const draining = relay.drain().then(() => (drained = true));
    // all five batches go out while the first save is held
    await until(() => bus.published.length === 10);
    expect(bus.published).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(checkpoint.stored).toBe(0);
    expect(drained).toBe(false);
    checkpoint.gate.release();
    await draining;
    expect(checkpoint.stored).toBe(10);
    expect(relay.savedPosition).toBe(10);
    // saves coalesce: the first batch's, then the latest
    expect(checkpoint.saves).toEqual([2, 10]);
    await store.close();
  });

  it('a relay started again resumes after the saved checkpoint; stop() leaves it naming everything published', async () => {
    const store = new SqliteEventStore({ path: ':memory:', pollMs: 5 });
    await appendEvents(store, 3);
    const bus = new RecordingBus();
    const checkpoint = new SlowCheckpoint();
    const relay = new Relay(store, bus, checkpoint, { pollMs: 5 });
    await relay.start();
    checkpoint.gate.hold();
    await appendEvents(store, 2);
    await until(() => bus.published.length === 5);
    const stopped = relay.stop();
    checkpoint.gate.release();
    await stopped;
    expect(checkpoint.stored).toBe(5);
    await appendEvents(store, 1);
    const again = new Relay(store, bus, checkpoint);
    await again.drain();
    expect(bus.published).toEqual([1, 2, 3, 4, 5, 6]);
    await store.close();
  });
});
