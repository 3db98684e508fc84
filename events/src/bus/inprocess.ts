import type { RecordedEvent } from '../envelope';
import type { EventStore } from '../store/port';
import { MemoryCheckpointStore } from './checkpoint';
import type { BatchHandler, BusSubscription, CheckpointStore, EventBus, SubscribeOptions } from './port';

export interface InProcessBusOptions {
  /** Where each group's committed position is kept (default: in memory). */
  offsets?: (group: string) => CheckpointStore;
  batchSize?: number;
  pollMs?: number;
  /** delay before a failed batch is delivered again (default 200 ms). */
  retryMs?: number;
}

interface Member {
  active: boolean;
  activate: () => void;
}

/**
 * The embedded bus: the SQLite log is the topic. `publish` has nothing to do (the events are
 * already in the log); each consumer group tails the log from its committed position. The log is
 * one partition, so one member of a group consumes at a time; further members wait as standbys and
 * take over, from the committed position, when the active one leaves.
 */
export class InProcessEventBus implements EventBus {
  private readonly groups = new Map<string, Member[]>();
  private readonly offsetStores = new Map<string, CheckpointStore>();
  private readonly subs = new Set<BusSubscription>();

  constructor(
    private readonly store: EventStore,
    private readonly options: InProcessBusOptions = {},
  ) {}

  async publish(_events: readonly RecordedEvent[]): Promise<void> {
    // the log is the bus
  }

  private offsets(group: string): CheckpointStore {
    let s = this.offsetStores.get(group);
    if (!s) {
      s = this.options.offsets?.(group) ?? new MemoryCheckpointStore();
      this.offsetStores.set(group, s);
    }
    return s;
  }

  async subscribe(group: string, handler: BatchHandler, options: SubscribeOptions = {}): Promise<BusSubscription> {
    const offsets = this.offsets(group);
    if ((await offsets.load()) === 0 && options.start === 'latest') await offsets.save(await this.store.headPosition());
    let stopped = false;
    let wake: (() => void) | null = null;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    const member: Member = {
      active: false,
      activate: () => {
        member.active = true;
        (wake as (() => void) | null)?.();
      },
    };
    const members = this.groups.get(group) ?? [];
    this.groups.set(group, members);
    members.push(member);
    if (members.length === 1) member.activate();

    const loop = (async () => {
      while (!member.active && !stopped) await sleep(50); // standby until the active member leaves
      if (stopped) return;
      let position = await offsets.load();
      while (!stopped) {
        const batch = await this.store.readAll({ after: position, maxCount: this.options.batchSize ?? 500 });
        if (batch.length === 0) {
          await sleep(this.options.pollMs ?? 20);
          continue;
        }
        try {
          const ack = await handler(batch);
          if (ack) await ack.durable;
        } catch {
          await sleep(this.options.retryMs ?? 200);
          continue; // not committed: delivered again
        }
        position = batch[batch.length - 1].position;
        await offsets.save(position);
      }
    })();

    const sub: BusSubscription = {
      close: async () => {
        stopped = true;
        (wake as (() => void) | null)?.();
        await loop;
        const i = members.indexOf(member);
        if (i >= 0) members.splice(i, 1);
        if (member.active && members[0] && !members[0].active) members[0].activate();
        this.subs.delete(sub);
      },
    };
    this.subs.add(sub);
    return sub;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subs].map((s) => s.close()));
  }
}
