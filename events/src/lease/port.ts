/**
 * The lease port: at most one holder of a named lease at a time, with an expiry the
 * holder renews, and a takeover by another holder once it has expired. Each takeover
 * starts a new epoch (a fencing token). A lease also carries the checkpoint of the
 * process it guards (a log position and a few state entries), written only while the
 * writer still holds the lease, so a holder that lost it cannot overwrite its
 * successor's progress. Every adapter passes lease/contract.ts.
 */
export interface LeaseGrant {
  name: string;
  holder: string;
  /** bumped on every takeover (fencing token) */
  epoch: number;
  /** epoch ms at which the lease runs out unless renewed */
  expiresAt: number;
}

export interface LeaseStore {
  /**
   * Takes the lease when it is free or expired (a new epoch), or renews it when
   * `holder` still has it (same epoch). Null while another holder's lease runs.
   */
  acquire(name: string, holder: string, ttlMs: number): Promise<LeaseGrant | null>;
  /** Gives the lease up at once; does nothing unless `grant` still holds it. */
  release(grant: LeaseGrant): Promise<void>;
  /** The running lease, or null when it is free or expired. */
  current(name: string): Promise<LeaseGrant | null>;
  /** The last committed log position of the process named `name` (0 before the first commit). */
  position(name: string): Promise<number>;
  /** One committed state entry of that process, or null. */
  state(name: string, key: string): Promise<string | null>;
  /**
   * Writes the position and the state changes (null deletes an entry) in one
   * transaction, only while `grant` still holds an unexpired lease of its epoch.
   * False (and nothing written) when the lease was lost.
   */
  commit(grant: LeaseGrant, position: number, changes?: ReadonlyMap<string, string | null>): Promise<boolean>;
}
