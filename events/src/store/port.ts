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
  maxCount?: number;
}

export interface Subscription {
  close(): Promise<void>;
}

export type EventHandler = (event: RecordedEvent) => void | Promise<void>;

/** The event-store port. Every adapter passes store/contract.ts. */
export interface EventStore {
  /** Appends atomically; throws WrongExpectedRevisionError on a revision mismatch. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
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
   * is passed to onError.
   */
  subscribeAll(after: number, handler: EventHandler, onError?: (err: unknown) => void): Subscription;
  close(): Promise<void>;
}
