import type { AppendResult, ExpectedRevision, NewEvent, RecordedEvent } from '../envelope';

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** inclusive start revision; defaults to the first (forwards) or last (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** exclusive: events with position > after. 0 reads from the start. */
  after?: number;
  /** at most this many events (of `types`, when given) */
  maxCount?: number;
  /** inclusive: only events with position <= upTo (a bounded scan: a reader that filters by type reads the log in windows) */
  upTo?: number;
  /** only events of these types; the others are skipped, not returned (maxCount counts returned events) */
  types?: readonly string[];
}

export interface Subscription {
  close(): Promise<void>;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  /**
   * Events that undo this part, appended by stores without multi-stream transactions
   * (EventStoreDB) when a later part fails. Stores with transactions ignore them.
   */
  compensation?: NewEvent[];
}

export type EventHandler = (event: RecordedEvent) => void | Promise<void>;

/** The event-store port. Every adapter passes store/contract.ts. */
export interface EventStore {
  /** Appends atomically; throws WrongExpectedRevisionError on a revision mismatch. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams as one unit of work: every part is written, or none is
   * (a WrongExpectedRevisionError names the stream that failed). Results follow the parts' order.
   * SQLite: one transaction. EventStoreDB (no multi-stream transactions): the parts are appended
   * in order and, when one fails, the parts already written get their `compensation` appended.
   */
  appendMulti(parts: StreamAppend[]): Promise<AppendResult[]>;
  /**
   * Optional group commit: `append`, written in one transaction with the other grouped appends made in the same
   * turn of the event loop (one commit for many concurrent commands). Each append still succeeds or fails on its
   * own, and its promise settles only once the transaction holding it has committed.
   */
  appendGrouped?(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream; [] when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of the whole log in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Revision of the stream's last event, or -1 when it does not exist. */
  streamRevision(streamId: string): Promise<number>;
  /** Position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Delivers every event with position > after, in order, then keeps tailing.
   * The handler is awaited; an error thrown by it stops the subscription and
   * is passed to onError. It may be given the same event object as the store's other
   * subscriptions (SQLite reads a batch once for all of them): it must not change it.
   */
  subscribeAll(after: number, handler: EventHandler, onError?: (err: unknown) => void): Subscription;
  close(): Promise<void>;
}
