import type { EventStore } from '../store/port';
import type { CheckpointStore, EventBus } from './port';

export interface RelayOptions {
  /** events per publish (default 500). */
  batchSize?: number;
  /** idle poll interval in ms (default 25). */
  pollMs?: number;
  /** called when publishing fails; the relay retries the same batch after `retryMs`. */
  onError?: (err: unknown) => void;
  retryMs?: number;
}

/**
 * Relays the event log to the bus: reads the store from a stored checkpoint, publishes each batch
 * keyed by stream id, then saves the checkpoint. A crash between publish and save republishes the
 * batch (at least once); nothing is skipped, because the checkpoint only moves after the bus has
 * accepted the events. It never hooks the command path, so a failed publish cannot lose a commit.
 */
export class Relay {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private published = 0;
  private position = 0;

  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly checkpoint: CheckpointStore,
    private readonly options: RelayOptions = {},
  ) {}

  /** Position published and checkpointed so far. */
  get publishedPosition(): number {
    return this.position;
  }
  get publishedCount(): number {
    return this.published;
  }

  async start(): Promise<void> {
    if (this.loop) return;
    this.stopped = false;
    this.position = await this.checkpoint.load();
    this.loop = this.run();
  }

  /** Publishes everything up to the current head once (used by tests and tools). */
  async drain(): Promise<void> {
    if (!this.loop) this.position = await this.checkpoint.load();
    for (;;) {
      const n = await this.step();
      if (n === 0) return;
    }
  }

  private async step(): Promise<number> {
    const batch = await this.store.readAll({ after: this.position, maxCount: this.options.batchSize ?? 500 });
    if (batch.length === 0) return 0;
    await this.bus.publish(batch);
    const last = batch[batch.length - 1].position;
    await this.checkpoint.save(last);
    this.position = last;
    this.published += batch.length;
    return batch.length;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let n = 0;
      try {
        n = await this.step();
      } catch (err) {
        this.options.onError?.(err);
        await this.sleep(this.options.retryMs ?? 500);
        continue;
      }
      if (n === 0) await this.sleep(this.options.pollMs ?? 25);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }
}
