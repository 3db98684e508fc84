import type { RecordedEvent } from '@modshelf/events';
import type { BatchAck, BusSubscription, EventBus } from '@modshelf/events/bus';
import type { Projector } from '../projectors/index';
import type { CollectionName } from '../read-model/documents';
import { PipelinedStorage } from '../storage/pipelined';
import type { ProjectionStorage } from '../storage/port';
import { BatchLoop } from './batch-loop';
import { PositionFeed } from './position-feed';
import type { BatchOutcome, ProjectionFailure } from './project-batch';
import { ReadCache, type CacheSource } from './read-cache';

/** stream kinds whose id is a read-model document's id */
const STREAM_DOCUMENTS: Record<string, CollectionName> = {
  project: 'projects',
  version: 'versions',
  user: 'users',
  organization: 'organizations',
  collection: 'collections',
  report: 'reports',
};

/**
 * `source`'s reads, each made once the batches handed to the writer are written: the cache holds
 * what they changed, but a read of the store while one is written (a miss, or the first load of a
 * collection's ids or an index's keys) would miss it, and a batch folded over that would, say,
 * notify none of a project's new followers.
 */
function readAfterWrites(source: CacheSource, written: () => Promise<void>): CacheSource {
  const { ids, keys } = source;
  return {
    get: async (coll, id) => {
      await written();
      return source.get(coll, id);
    },
    findIds: async (coll, index, key) => {
      await written();
      return source.findIds(coll, index, key);
    },
    ids: ids
      ? async (coll) => {
          await written();
          return ids.call(source, coll);
        }
      : undefined,
    keys: keys
      ? async (coll, index) => {
          await written();
          return keys.call(source, coll, index);
        }
      : undefined,
  };
}

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
  /** the projectors folded (default: all of them); tests inject a failing one */
  projectors?: readonly Projector[];
  /** positions quarantined by an operator, read from the log's quarantine stream (see quarantine.ts) */
  quarantine?: () => Promise<ReadonlySet<number>>;
  /** while halted, how long a redelivered batch is held before it is refused again (default 1000 ms) */
  haltedRetryMs?: number;
}

/** Thrown to the bus while the projection is halted: the batch is not committed and comes again. */
export class ProjectionHaltedError extends Error {
  constructor(readonly failure: ProjectionFailure) {
    super(`projection ${failure.projection} halted at position ${failure.position} (${failure.event_type}): ${failure.error}`);
    this.name = 'ProjectionHaltedError';
  }
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
 *
 * A projector that throws halts the projection at that event: the events before it are committed,
 * the batch is refused (so the bus keeps it), and every redelivery is held and refused again until
 * the worker restarts with a fixed projector or an operator quarantines that position.
 */
export class BusProjectionWorker {
  private sub: BusSubscription | null = null;
  private readonly loop: BatchLoop;
  /** the storage as the batches commit to it: a batch's write runs while the next one is fetched and folded */
  private readonly pipeline: PipelinedStorage;
  /** the documents and lookups this worker's batches read, kept current with its commits */
  readonly reads: ReadCache;
  private readonly log: (msg: string, err?: unknown) => void;
  /** the positions this worker has written up to, as they move (served at /positions to the query replicas) */
  readonly feed = new PositionFeed();
  /** the position searches see every change up to, as the storage last said (storages with onSearchable) */
  private searchable = 0;
  /** the position the index holds every change up to, searchable after a refresh (storages with onIndexed) */
  private indexed = 0;

  constructor(
    private readonly bus: EventBus,
    readonly storage: ProjectionStorage,
    private readonly options: BusWorkerOptions = {},
  ) {
    this.log = options.log ?? ((msg, err) => console.error(`[projection-worker] ${msg}`, err ?? ''));
    this.reads = new ReadCache(readAfterWrites(storage.readModels, () => this.pipeline.durable().catch(() => undefined)));
    this.pipeline = new PipelinedStorage(storage, (err) =>
      this.log('writing a batch failed; the batches since the last written one will be delivered again', err),
    );
    this.loop = new BatchLoop(this.pipeline, { projectors: options.projectors, reads: this.reads });
    this.pipeline.onWritten(() => this.publish());
    storage.onSearchable?.((position) => {
      this.searchable = Math.max(this.searchable, position);
      this.publish();
    });
    storage.onIndexed?.((position) => {
      this.indexed = Math.max(this.indexed, position);
      this.publish();
    });
  }

  /**
   * The read models are readable up to `written`; searches see up to what the storage last said, or as far as the
   * read models when one commit writes both; the index holds up to what the storage last said (at least that).
   */
  private publish(): void {
    const written = this.pipeline.written;
    const all = this.storage.onSearchable ? Math.min(written, this.searchable) : written;
    this.feed.advance({ read_models: written, all, indexed: this.storage.onIndexed ? Math.max(all, Math.min(written, this.indexed)) : all });
  }

  /** Events this worker has projected (or passed as quarantined). */
  get eventsProjected(): number {
    return this.loop.eventsProjected;
  }

  /** Batches this worker has committed. */
  get batches(): number {
    return this.loop.batches;
  }

  /** The position this worker has written every batch up to in the read models (a batch still being written is not counted; the index may be behind, see JournaledStorage). */
  checkpoint(): number {
    return this.pipeline.written;
  }

  failures(): ProjectionFailure[] {
    return this.loop.failure ? [this.loop.failure] : [];
  }

  private async refreshQuarantine(): Promise<void> {
    if (!this.options.quarantine) return;
    for (const p of await this.options.quarantine()) this.loop.quarantined.add(p);
  }

  async start(): Promise<void> {
    this.loop.position = await this.storage.checkpoint();
    this.pipeline.written = this.loop.position;
    // the storage's checkpoint covers both stores
    this.searchable = Math.max(this.searchable, this.loop.position);
    this.indexed = Math.max(this.indexed, this.loop.position);
    this.publish();
    await this.refreshQuarantine();
    this.sub = await this.bus.subscribe(this.options.group ?? 'projections', async (batch) => {
      try {
        return await this.process(batch);
      } catch (err) {
        if (!(err instanceof ProjectionHaltedError)) this.log(`batch of ${batch.length} failed; it will be delivered again`, err);
        throw err;
      }
    });
  }

  /**
   * Folds a batch and hands it to the storage's writer; the answer's `durable` resolves once it and
   * every batch before it are written (the bus commits the batch for the group then). Throws to
   * have the bus deliver the batch again (nothing of it is committed for the group).
   */
  private async process(events: RecordedEvent[]): Promise<BatchAck> {
    // a batch this or another member left half-written is finished first, as it was journaled
    const { recovered, checkpoint: stored, lost } = await this.pipeline.resume();
    if (recovered) {
      this.log('finished a half-written batch from the journal');
      this.reads.clear();
    }
    const loop = this.loop;
    if (lost) {
      // a batch handed to the writer failed: project again from what the storage holds
      this.reads.clear();
      loop.position = stored;
    } else {
      // the checkpoint may have moved while another member was active: what this one cached is stale
      if (stored !== loop.position) this.reads.clear();
      loop.position = Math.max(loop.position, stored);
    }
    const done: BatchAck = { durable: this.pipeline.durable() };
    const fresh = loop.fresh(events);
    if (fresh.length === 0) return done;
    // a quarantine decided while halted may sit in this very batch, behind the failed event
    loop.noteDecisions(fresh);
    const halted = loop.failure;
    if (halted) {
      await this.refreshQuarantine().catch((err) => this.log('reading the quarantine stream failed', err));
      if (halted.position === fresh[0].position && !loop.quarantined.has(halted.position)) {
        // still the same poison event: hold the redelivery a moment, then refuse it again
        await new Promise((r) => setTimeout(r, this.options.haltedRetryMs ?? 1000));
        throw new ProjectionHaltedError(halted);
      }
    }
    await this.reads.prefetch(documentsRead(fresh));
    let outcome: BatchOutcome;
    try {
      outcome = await loop.fold(fresh);
    } catch (err) {
      this.reads.clear(); // the store may hold part of the batch
      throw err;
    }
    if (outcome.committed !== null) this.reads.committed(outcome.changes);
    if (outcome.failure) {
      if (halted?.position !== outcome.failure.position) {
        this.log(
          `projection ${outcome.failure.projection} HALTED at position ${outcome.failure.position} (${outcome.failure.event_type} on ${outcome.failure.stream_id}): ` +
            `${outcome.failure.projector} threw: ${outcome.failure.error}. Fix the projector and restart, or quarantine the event.`,
        );
      }
      throw new ProjectionHaltedError(outcome.failure);
    }
    if (halted) {
      this.log(`projection ${halted.projection} resumes past position ${halted.position}`);
      loop.failure = null;
    }
    return { durable: this.pipeline.durable() };
  }

  /** Leaves the group and waits for the batches handed to the writer (the storage itself stays open). */
  async close(): Promise<void> {
    await this.sub?.close();
    this.sub = null;
    await this.pipeline.durable().catch(() => undefined);
  }
}
