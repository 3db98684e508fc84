import type { SeedPhase } from './seed/run-seed';

/** Why the site is not ready yet: the demo seed runs, or the projections catch up with the log. */
export type NotReadyReason = 'starting' | 'seeding' | 'catching_up';

export interface ReadinessReport {
  ready: boolean;
  /** present while not ready */
  reason?: NotReadyReason;
  seed: {
    state: 'off' | 'pending' | 'running' | 'done';
    phase?: SeedPhase;
    done?: number;
    total?: number;
  };
}

/**
 * Live is "the process answers"; ready is "the demo seed (if any) and the projections'
 * catch-up with the log are done". Once ready, the site stays ready (projection lag
 * in normal operation is reported by /health and /metrics, not as unreadiness).
 */
export class Readiness {
  private reason: NotReadyReason | null = 'starting';
  private seed: ReadinessReport['seed'] = { state: 'pending' };

  get ready(): boolean {
    return this.reason === null;
  }

  /** the reason while not ready, else null */
  get notReadyReason(): NotReadyReason | null {
    return this.reason;
  }

  seedOff(): void {
    this.seed = { state: 'off' };
  }

  seeding(phase: SeedPhase, done: number, total: number): void {
    this.reason = 'seeding';
    this.seed = { state: 'running', phase, done, total };
  }

  seeded(): void {
    this.seed = { state: 'done' };
  }

  catchingUp(): void {
    this.reason = 'catching_up';
  }

  markReady(): void {
    this.reason = null;
  }

  report(): ReadinessReport {
    return { ready: this.ready, ...(this.reason ? { reason: this.reason } : {}), seed: { ...this.seed } };
  }
}
