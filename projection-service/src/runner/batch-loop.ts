import { ProjectionEventQuarantined, type RecordedEvent } from '@modshelf/events';
import type { Projector } from '../projectors/index';
import type { ReadModelStore } from '../read-model/port';
import type { ProjectionStorage } from '../storage/port';
import { CATALOGUE_PROJECTION, projectBatch, type BatchOutcome, type ProjectionFailure } from './project-batch';

export interface BatchLoopOptions {
  /** the projectors folded (default: all of them); tests inject a failing one */
  projectors?: readonly Projector[];
  /** where the batches read documents (default the storage's read models; the bus worker's cache) */
  reads?: Pick<ReadModelStore, 'get' | 'findIds'>;
}

/**
 * The batch loop the embedded runner and the bus worker share: which events of a batch are new
 * (after the position), folding and committing them with the checkpoint (projectBatch), moving the
 * position, the quarantine decisions met on the way, and the failure that halts the projection.
 * How the events arrive (pages of the log, a bus subscription) and what a halt does are theirs.
 */
export class BatchLoop {
  /** position of the last event committed */
  position = 0;
  eventsProjected = 0;
  batches = 0;
  /** positions quarantined by an operator: skipped, never folded */
  quarantined = new Set<number>();
  /** the event the projection stopped at (null while it runs) */
  failure: ProjectionFailure | null = null;

  /** where the batches read documents (default the storage's read models); a rebuild sets its own for its duration */
  reads: Pick<ReadModelStore, 'get' | 'findIds'> | undefined;

  constructor(
    private readonly storage: ProjectionStorage,
    private readonly options: BatchLoopOptions = {},
  ) {
    this.reads = options.reads;
  }

  /** Starts from the storage's checkpoint (never before what this loop already committed). */
  async loadCheckpoint(): Promise<number> {
    this.position = Math.max(this.position, await this.storage.checkpoint());
    return this.position;
  }

  /** A batch committed up to `position`, passing `passed` events: by fold(), or folded elsewhere (runner/catch-up-worker.ts). */
  advance(position: number, passed: number): void {
    this.position = position;
    this.eventsProjected += passed;
    this.batches += 1;
  }

  /** The events of a batch after the position, in log order. */
  fresh(events: readonly RecordedEvent[]): RecordedEvent[] {
    const out = events.filter((e) => e.position > this.position);
    for (let i = 1; i < out.length; i++) {
      if (out[i].position < out[i - 1].position) return out.sort((a, b) => a.position - b.position);
    }
    return out;
  }

  /** Operators' quarantine decisions (of this projection) among `events` join the quarantined positions. */
  noteDecisions(events: readonly RecordedEvent[]): void {
    for (const e of events) if (ProjectionEventQuarantined.is(e) && e.data.projection === CATALOGUE_PROJECTION) this.quarantined.add(e.data.position);
  }

  /**
   * Folds fresh events (ascending, after the position) and commits them with the checkpoint; the
   * position follows what was committed, and a projector's failure is kept in `failure`.
   */
  async fold(fresh: readonly RecordedEvent[]): Promise<BatchOutcome> {
    const outcome = await projectBatch(this.storage, fresh, { projectors: this.options.projectors, quarantined: this.quarantined, reads: this.reads });
    this.noteDecisions(fresh.slice(0, outcome.passed));
    if (outcome.committed !== null) this.advance(outcome.committed, outcome.passed);
    if (outcome.failure) this.failure = outcome.failure;
    return outcome;
  }
}
