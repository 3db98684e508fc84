import {
  NO_STREAM,
  ProjectionEventQuarantined,
  WrongExpectedRevisionError,
  newEventId,
  projectionQuarantineStream,
  toNewEvents,
  type EventStore,
} from '@modshelf/events';
import { CATALOGUE_PROJECTION } from './project-batch';

/** Positions an operator quarantined for `projection`, read from the audit stream. */
export async function loadQuarantine(store: EventStore, projection = CATALOGUE_PROJECTION): Promise<Set<number>> {
  const out = new Set<number>();
  for (const e of await store.readStream(projectionQuarantineStream)) {
    if (ProjectionEventQuarantined.is(e) && e.data.projection === projection) out.add(e.data.position);
  }
  return out;
}

/** A quarantine the log refuses (unknown position, already projected, already quarantined, bad input). */
export class QuarantineRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QuarantineRefusedError';
  }
}

export interface QuarantineRequest {
  position: number;
  reason: string;
  /** who decided (recorded in the audit event) */
  operator: string;
  projection?: string;
  /** the projection's checkpoint: an event it already folded cannot be quarantined (a replay would then differ) */
  checkpoint: number;
}

/**
 * The audited command: records that `projection` skips the event at `position`, who decided it and
 * why. Appended with the stream's expected revision (a concurrent quarantine is retried once).
 */
export async function quarantineEvent(store: EventStore, req: QuarantineRequest): Promise<{ logPosition: number; event: { type: string; streamId: string } }> {
  const projection = req.projection ?? CATALOGUE_PROJECTION;
  if (!Number.isSafeInteger(req.position) || req.position < 1) throw new QuarantineRefusedError(`position must be a positive integer, got ${req.position}`);
  if (!req.reason.trim()) throw new QuarantineRefusedError('a reason is required (--reason "...")');
  const [target] = await store.readAll({ after: req.position - 1, maxCount: 1 });
  if (!target || target.position !== req.position) throw new QuarantineRefusedError(`there is no event at position ${req.position} in the log`);
  if (target.streamId === projectionQuarantineStream) throw new QuarantineRefusedError('a quarantine record cannot itself be quarantined');
  if (req.position <= req.checkpoint) {
    throw new QuarantineRefusedError(
      `the ${projection} projection already folded position ${req.position} (its checkpoint is ${req.checkpoint}); only an event it has not passed can be skipped`,
    );
  }
  for (let attempt = 0; ; attempt++) {
    const existing = await store.readStream(projectionQuarantineStream);
    if (existing.some((e) => ProjectionEventQuarantined.is(e) && e.data.projection === projection && e.data.position === req.position)) {
      throw new QuarantineRefusedError(`position ${req.position} is already quarantined for the ${projection} projection`);
    }
    const expected = existing.length === 0 ? NO_STREAM : existing[existing.length - 1].revision;
    const id = newEventId();
    const decided = ProjectionEventQuarantined({
      projection,
      position: req.position,
      event_id: target.metadata?.eventId ?? '',
      event_type: target.type,
      stream_id: target.streamId,
      reason: req.reason,
      operator: req.operator,
    });
    try {
      const res = await store.append(
        projectionQuarantineStream,
        toNewEvents([decided], { commandId: id, correlationId: id, causationId: id, actor: null, time: new Date().toISOString() }, newEventId),
        expected,
      );
      return { logPosition: res.position, event: { type: target.type, streamId: target.streamId } };
    } catch (err) {
      if (attempt >= 1 || !(err instanceof WrongExpectedRevisionError)) throw err;
    }
  }
}
