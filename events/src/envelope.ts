/** Metadata carried by every event in the log. */
export interface EventMetadata {
  eventId: string;
  commandId: string;
  correlationId: string;
  causationId: string;
  /** user id of whoever caused the event; null for the system. */
  actor: string | null;
  /** ISO-8601 time the command was decided. */
  time: string;
}

/** An event about to be appended. */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  schemaVersion: number;
  data: D;
  metadata: EventMetadata;
}

/** An event read back from the log. Revisions are 0-based per stream; positions are 1-based over the log. */
export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  streamId: string;
  revision: number;
  position: number;
}

/**
 * Expected revision of a stream when appending: the revision of its last event,
 * NO_STREAM (-1) when it must not exist yet, or 'any'.
 * This is EventStoreDB's convention; the SQLite log follows it.
 */
export type ExpectedRevision = number | 'any';
export const NO_STREAM = -1;

export interface AppendResult {
  /** revision of the last event written (or of the stream, when nothing was written). */
  nextRevision: number;
  /** global log position of the last event written. */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected revision ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
