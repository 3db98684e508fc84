/** A command's first answer, replayed for a repeated Idempotency-Key. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  | { state: 'claimed' }
  | { state: 'running'; fingerprint: string }
  | { state: 'done'; fingerprint: string; answer: StoredAnswer };

/**
 * The idempotency-key port. `claim` atomically reserves (scope, key): exactly one
 * of several concurrent callers gets 'claimed'; the others see 'running' until
 * the claimer completes (then 'done' with its answer) or releases the key.
 * Adapters: SQLite (embedded); a Mongo collection with a unique index later.
 */
export interface IdempotencyStore {
  claim(scope: string, key: string, fingerprint: string, now: Date): Promise<Claim>;
  complete(scope: string, key: string, answer: StoredAnswer): Promise<void>;
  release(scope: string, key: string): Promise<void>;
  close(): Promise<void>;
}
