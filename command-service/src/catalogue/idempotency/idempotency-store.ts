/** A command's first answer, replayed for a repeated Idempotency-Key. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  | { state: 'claimed' }
  | { state: 'running'; fingerprint: string }
  /** claimed by a process that died before answering: its command may or may not be in the log after `position` */
  | { state: 'interrupted'; fingerprint: string; position: number }
  | { state: 'done'; fingerprint: string; answer: StoredAnswer };

/**
 * The idempotency-key port. `claim` atomically reserves (scope, key): exactly one
 * of several concurrent callers gets 'claimed'; the others see 'running' until
 * the claimer completes (then 'done' with its answer) or releases the key.
 * Adapters: SQLite (embedded); a Mongo collection with a unique index later.
 */
export interface IdempotencyStore {
  /** `position`: the log's head when the claim is made (where to look for its events after a crash) */
  claim(scope: string, key: string, fingerprint: string, now: Date, position: number): Promise<Claim>;
  /** takes over an interrupted claim; false when another retry took it first */
  resume(scope: string, key: string): Promise<boolean>;
  complete(scope: string, key: string, answer: StoredAnswer): Promise<void>;
  release(scope: string, key: string): Promise<void>;
  close(): Promise<void>;
}
