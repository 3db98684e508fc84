import { upcast, type RecordedEvent } from '@modshelf/events';
import type { BusSubscription, EventBus } from '@modshelf/events/bus';
import { applyEvent, BatchContext, searchChanges } from '../projectors/index';
import type { ProjectionStorage } from '../storage/port';

export interface BusWorkerOptions {
  /** consumer group of the projection workers (default 'projections'). */
  group?: string;
  log?: (msg: string, err?: unknown) => void;
}

/**
 * A projection worker of the distributed profile: a member of a bus consumer group that folds
 * what it receives into the read models and the search index.
 *
 * Delivery is at least once, so the worker skips events at or below the storage checkpoint (a
 * redelivered batch after a crash or a rebalance), and the MongoDB/OpenSearch adapters refuse
 * changes older than the stored document (per-document position). The projectors fold across
 * streams (a version updates its project, a follow its project's count), so they need the log's
 * order: the projection topic has one partition, and further replicas of the group are hot
 * standbys that take over, from the checkpoint, within the session timeout when the active one dies.
 */
export class BusProjectionWorker {
  private sub: BusSubscription | null = null;
  private position = 0;
  eventsProjected = 0;
  batches = 0;
  private readonly log: (msg: string, err?: unknown) => void;

  constructor(
    private readonly bus: EventBus,
    readonly storage: ProjectionStorage,
    private readonly options: BusWorkerOptions = {},
  ) {
    this.log = options.log ?? ((msg, err) => console.error(`[projection-worker] ${msg}`, err ?? ''));
  }

  checkpoint(): number {
    return this.position;
  }

  async start(): Promise<void> {
    this.position = await this.storage.checkpoint();
    this.sub = await this.bus.subscribe(this.options.group ?? 'projections', async (batch) => {
      try {
        await this.process(batch);
      } catch (err) {
        this.log(`batch of ${batch.length} failed; it will be delivered again`, err);
        throw err;
      }
    });
  }

  /** Throws to have the bus deliver the batch again (nothing of it is committed for the group). */
  private async process(events: RecordedEvent[]): Promise<void> {
    // a batch this or another member left half-written is finished first, as it was journaled
    if (this.storage.recover && (await this.storage.recover())) this.log('finished a half-written batch from the journal');
    // the checkpoint may have moved while another member was active
    this.position = Math.max(this.position, await this.storage.checkpoint());
    const fresh = events.filter((e) => e.position > this.position).sort((a, b) => a.position - b.position);
    if (fresh.length === 0) return;
    const ctx = new BatchContext(this.storage.readModels);
    for (const raw of fresh) {
      try {
        await applyEvent(ctx, upcast(raw));
      } catch (err) {
        this.log(`event ${raw.position} (${raw.type}) skipped`, err);
      }
    }
    const last = fresh[fresh.length - 1].position;
    await this.storage.commit(ctx.changes(), await searchChanges(ctx), last);
    this.position = last;
    this.eventsProjected += fresh.length;
    this.batches += 1;
  }

  async close(): Promise<void> {
    await this.sub?.close();
    this.sub = null;
  }
}
