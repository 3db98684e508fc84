import type { RecordedEvent } from '../envelope';

/**
 * The event-bus port. The log is published keyed by stream id, so every consumer sees one
 * stream's events in revision order; a consumer group shares the keys among its members and
 * receives each event at least once (a batch whose handler throws is delivered again), so
 * handlers must be idempotent (projectors are). Every adapter passes bus/contract.ts.
 */
export interface EventBus {
  /**
   * Publishes events keyed by their stream id, in the given order (used by the relay).
   * Resolves once the bus has durably accepted them.
   */
  publish(events: readonly RecordedEvent[]): Promise<void>;
  /** Joins consumer group `group`; resolves once the member is consuming. */
  subscribe(group: string, handler: BatchHandler, options?: SubscribeOptions): Promise<BusSubscription>;
  close(): Promise<void>;
}

/**
 * Receives a batch of events (in key order); when it resolves, the batch is committed for the group.
 * It may resolve to a BatchAck instead: the bus may then hand over the next batches before the ack's
 * `durable` settles, and commits this batch for the group only once `durable` has resolved (a
 * rejection makes the group's delivery start again after the last batch committed).
 */
export type BatchHandler = (events: RecordedEvent[]) => Promise<void | BatchAck>;

/** What a handler that writes in the background answers: the batch is durable when `durable` resolves. */
export interface BatchAck {
  durable: Promise<void>;
}

export interface SubscribeOptions {
  /** Where a group with no committed offset starts: the oldest retained event (default) or only new ones. */
  start?: 'earliest' | 'latest';
}

export interface BusSubscription {
  close(): Promise<void>;
}

/** Where a relay keeps the log position it has published up to. */
export interface CheckpointStore {
  load(): Promise<number>;
  save(position: number): Promise<void>;
}
