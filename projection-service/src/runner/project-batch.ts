import { upcast, type RecordedEvent } from '@modshelf/events';
import { applyEvent, BatchContext, PROJECTORS, ProjectorFailedError, searchChanges, type Projector } from '../projectors/index';
import type { DocChange, ReadModelStore } from '../read-model/port';
import type { ProjectionStorage } from '../storage/port';

/**
 * The projectors share one read-model store, one search index and one checkpoint, and they fold
 * across each other's documents (a version updates its project, a follow its project's count), so
 * they form ONE projection, named here. A failing event halts all of it at that position: a partial
 * projection (say, versions applied but not their projects) would be a read model no replay produces.
 */
export const CATALOGUE_PROJECTION = 'catalogue';

/** Why a projection stopped: which projection, which event and the error. */
export interface ProjectionFailure {
  projection: string;
  /** the projector that threw ('upcast' when the event could not be brought to its schema) */
  projector: string;
  position: number;
  event_type: string;
  stream_id: string;
  event_id: string;
  error: string;
  /** ISO time the projection stopped */
  since: string;
}

export interface BatchOutcome {
  /** position committed with this batch (the last event before a failure), null when nothing was committed */
  committed: number | null;
  /** events passed (projected or quarantined) */
  passed: number;
  failure: ProjectionFailure | null;
  /** the read-model changes committed (empty when nothing was) */
  changes: DocChange[];
}

export interface BatchOptions {
  projectors?: readonly Projector[];
  /** positions an operator quarantined: skipped, never folded */
  quarantined?: ReadonlySet<number>;
  projection?: string;
  /** where the batch reads documents (default the storage's read models; the bus worker's cache) */
  reads?: Pick<ReadModelStore, 'get' | 'findIds'>;
}

async function foldEvents(ctx: BatchContext, events: readonly RecordedEvent[], options: BatchOptions): Promise<{ failedAt: number; err: unknown }> {
  for (let i = 0; i < events.length; i++) {
    const raw = events[i];
    if (options.quarantined?.has(raw.position)) continue;
    let event: RecordedEvent;
    try {
      event = upcast(raw);
    } catch (err) {
      return { failedAt: i, err: new ProjectorFailedError('upcast', err) };
    }
    try {
      await applyEvent(ctx, event, options.projectors ?? PROJECTORS);
    } catch (err) {
      return { failedAt: i, err };
    }
  }
  return { failedAt: -1, err: null };
}

/**
 * Folds `events` (ascending positions, all after the checkpoint) and commits them with the checkpoint
 * in one storage transaction. When a projector throws on an event, nothing of that event (nor of any
 * later one) is committed: the events before it are folded again into a fresh unit of work and
 * committed up to the position just before it, and the failure says where and why.
 */
export async function projectBatch(storage: ProjectionStorage, events: readonly RecordedEvent[], options: BatchOptions = {}): Promise<BatchOutcome> {
  if (events.length === 0) return { committed: null, passed: 0, failure: null, changes: [] };
  const reads = options.reads ?? storage.readModels;
  let ctx = new BatchContext(reads, storage.appliesOnce === true);
  const first = await foldEvents(ctx, events, options);
  let upTo = events.length;
  let failure: ProjectionFailure | null = null;
  if (first.failedAt >= 0) {
    const bad = events[first.failedAt];
    const err = first.err;
    failure = {
      projection: options.projection ?? CATALOGUE_PROJECTION,
      projector: err instanceof ProjectorFailedError ? err.projector : 'projector',
      position: bad.position,
      event_type: bad.type,
      stream_id: bad.streamId,
      event_id: bad.metadata?.eventId ?? '',
      error: err instanceof ProjectorFailedError ? errorText(err.cause) : errorText(err),
      since: new Date().toISOString(),
    };
    upTo = first.failedAt;
    if (upTo === 0) return { committed: null, passed: 0, failure, changes: [] };
    // the failed fold may have half-changed documents: fold the good prefix again from scratch
    ctx = new BatchContext(reads, storage.appliesOnce === true);
    const again = await foldEvents(ctx, events.slice(0, upTo), options);
    if (again.failedAt >= 0) throw again.err;
  }
  const last = events[upTo - 1].position;
  const changes = ctx.changes();
  if (storage.commitTouched) await storage.commitTouched(changes, [...ctx.touchedProjects], last);
  else await storage.commit(changes, await searchChanges(ctx), last);
  return { committed: last, passed: upTo, failure, changes };
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err);
  return text.slice(0, 500);
}
