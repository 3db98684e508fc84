import type { ProjectionStorage } from '../storage/port';
import type { ProjectionFailure } from './project-batch';

/**
 * What a read reads: the read models only, or the search index as well ('all'). Where both are
 * written in one transaction (the embedded storage) they are at one position; where they are two
 * servers (the distributed storage) a read of the read models need not wait for the index.
 */
export type ReadScope = 'read-models' | 'all';

export interface Projections {
  readonly storage: ProjectionStorage;
  /** Position of the last event the projections have stored (in the stores `scope` names; default 'all'). */
  checkpoint(scope?: ReadScope): number;
  /** Resolves true once the projections (the stores `scope` names; default 'all') have passed `position`, false after `timeoutMs`. */
  waitForPosition(position: number, timeoutMs: number, scope?: ReadScope): Promise<boolean>;
  /** Events in the log not projected yet (head - checkpoint). */
  lag(): Promise<number>;
  /** The log's head position (no read of the projections). */
  head(): Promise<number>;
  /** Resolves once the log as it was at start-up has been projected. */
  readonly ready: Promise<void>;
  /** Projections stopped at a failing event (empty while all run). */
  failures(): ProjectionFailure[];
  /** Drops every projection and rebuilds it from the log. */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}
