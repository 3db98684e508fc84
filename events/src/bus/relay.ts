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
 * keyed by stream id, then saves the checkpoint. The save runs beside the next batches (one at a
 * time, each of the latest published position), so a slow file system never holds back the
 * publishing. A crash before a save republishes what was published since the last one (at least
 * once); nothing is skipped, because the checkpoint only moves after the bus has accepted the
 * events. stop() and drain() return once the checkpoint names everything published. It never hooks
 * the command path, so a failed publish cannot lose a commit.
 */
export class Relay {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private published = 0;
  private position = 0;
  /** the position the checkpoint store holds (as far as this relay knows) */
  private saved = 0;
  /** the checkpoint save in flight */
  private saving: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly checkpoint: CheckpointStore,
    private readonly options: RelayOptions = {},
  ) {}

  /** Position published so far (the checkpoint follows it: savedPosition). */
  get publishedPosition(): number {
    return this.position;
  }
  get publishedCount(): number {
    return this.published;
  }
  get savedPosition(): number {
    return this.saved;
  }

  async start(): Promise<void> {
    if (this.loop) return;
    this.stopped = false;
    this.position = this.saved = await this.checkpoint.load();
    this.loop = this.run();
  }

  /** Publishes everything up to the current head once (used by tests and tools). */
  async drain(): Promise<void> {
    if (!this.loop) this.position = this.saved = await this.checkpoint.load();
    for (;;) {
      const n = await this.step();
      if (n === 0) break;
    }
    await this.flush();
  }

  private async step(): Promise<number> {
    const batch = await this.store.readAll({ after: this.position, maxCount: this.options.batchSize ?? 500 });
    if (batch.length === 0) return 0;
    await this.bus.publish(batch);
    this.position = batch[batch.length - 1].position;
    this.published += batch.length;
    this.persist();
    return batch.length;
  }

  /** Saves the published position unless a save runs (it saves the latest next); a failed save is reported, and the next batch or flush() tries again. */
  private persist(): void {
    if (this.saving) return;
    const saving = (async () => {
      while (this.saved < this.position) await this.saveLatest();
    })();
    this.saving = saving;
    saving.then(
      () => {
        this.saving = null;
        // a batch published as the loop ended
        if (this.saved < this.position) this.persist();
      },
      (err: unknown) => {
        this.saving = null;
        this.options.onError?.(err);
      },
    );
  }

  /** Resolves once the checkpoint names everything published (throws when the save fails). */
  private async flush(): Promise<void> {
    while (this.saving) await this.saving.catch(() => undefined);
    if (this.saved < this.position) await this.saveLatest();
  }

  /** Saves the position published now as the checkpoint. */
  private async saveLatest(): Promise<void> {
    const p = this.position;
    await this.checkpoint.save(p);
    this.saved = Math.max(this.saved, p);
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
    await this.flush();
  }
}
