import { upcast, type RecordedEvent } from '@modshelf/events';
import type { BusSubscription, EventBus } from '@modshelf/events/bus';
import { applyEvent, BatchContext, searchChanges } from '../projectors/index';
import type { CollectionName } from '../read-model/documents';
import type { ProjectionStorage } from '../storage/port';
import { ReadCache } from './read-cache';

/** stream kinds whose id is a read-model document's id */
const STREAM_DOCUMENTS: Record<string, CollectionName> = { project: 'projects', version: 'versions', user: 'users', organization: 'organizations', collection: 'collections', report: 'reports' };

/** The documents a batch's projectors will likely read: each event's own entity and the project and user it names. */
function* documentsRead(events: readonly RecordedEvent[]): Iterable<[CollectionName, string]> {
  for (const e of events) {
    const dash = e.streamId.indexOf('-');
    const coll = STREAM_DOCUMENTS[e.streamId.slice(0, dash)];
    if (coll) yield [coll, e.streamId.slice(dash + 1)];
    const data = e.data as { project_id?: unknown; user_id?: unknown } | null;
    if (typeof data?.project_id === 'string') yield ['projects', data.project_id];
    if (typeof data?.user_id === 'string') yield ['users', data.user_id];
  }
}

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
  /** the documents and lookups this worker's batches read, kept current with its commits */
  readonly reads: ReadCache;
  private readonly log: (msg: string, err?: unknown) => void;

  constructor(
    private readonly bus: EventBus,
    readonly storage: ProjectionStorage,
    private readonly options: BusWorkerOptions = {},
  ) {
    this.log = options.log ?? ((msg, err) => console.error(`[projection-worker] ${msg}`, err ?? ''));
    this.reads = new ReadCache(storage.readModels);
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
    if (this.storage.recover && (await this.storage.recover())) {
      this.log('finished a half-written batch from the journal');
      this.reads.clear();
    }
    // the checkpoint may have moved while another member was active: what this one cached is stale
    const stored = await this.storage.checkpoint();
    if (stored !== this.position) this.reads.clear();
    this.position = Math.max(this.position, stored);
    const fresh = events.filter((e) => e.position > this.position).sort((a, b) => a.position - b.position);
    if (fresh.length === 0) return;
    await this.reads.prefetch(documentsRead(fresh));
    const ctx = new BatchContext(this.reads);
    for (const raw of fresh) {
      try {
        await applyEvent(ctx, upcast(raw));
      } catch (err) {
        this.log(`event ${raw.position} (${raw.type}) skipped`, err);
      }
    }
    const last = fresh[fresh.length - 1].position;
    const changes = ctx.changes();
    try {
      await this.storage.commit(changes, await searchChanges(ctx), last);
    } catch (err) {
      this.reads.clear(); // the store may hold part of the batch
      throw err;
    }
    this.reads.committed(changes);
    this.position = last;
    this.eventsProjected += fresh.length;
    this.batches += 1;
  }

  async close(): Promise<void> {
    await this.sub?.close();
    this.sub = null;
  }
}
