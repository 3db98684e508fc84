import { REVIEW_LOCK_MS, ReviewLockAcquired, ReviewLockReleased, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { conflict, unauthorized } from '@modshelf/contract';
import type { Decider } from '../kernel/decider';

export interface LockActor {
  userId: string;
  role: string;
}

export interface ReviewLockState {
  holder: string | null;
  expires: string | null;
}

export type ReviewLockCommand =
  | { kind: 'acquire'; actor: LockActor; projectId: string; now: string; force?: boolean }
  | { kind: 'release'; actor: LockActor; projectId: string; now: string; force?: boolean };

const isStaff = (a: LockActor) => a.role === 'moderator' || a.role === 'admin';

/** Whether the lock is held (by anyone) at `now`. */
export const isHeld = (s: ReviewLockState, now: string) => !!s.holder && !!s.expires && Date.parse(s.expires) > Date.parse(now);

export function evolveReviewLock(s: ReviewLockState, e: RecordedEvent): ReviewLockState {
  if (ReviewLockAcquired.is(e)) return { holder: e.metadata.actor, expires: e.data.expires };
  if (ReviewLockReleased.is(e)) return { holder: null, expires: null };
  return s;
}

/**
 * Staff only. Acquiring a lock another moderator holds is refused (409) unless forced; acquiring
 * your own extends it. Releasing someone else's needs force; releasing a lapsed lock writes nothing.
 */
export function decideReviewLock(c: ReviewLockCommand, s: ReviewLockState): DecidedEvent[] {
  if (!isStaff(c.actor)) throw unauthorized('Only moderators can lock projects for review');
  const held = isHeld(s, c.now);
  const byOther = held && s.holder !== c.actor.userId;
  if (c.kind === 'acquire') {
    if (byOther && !c.force) throw conflict('This project is being reviewed by another moderator');
    return [ReviewLockAcquired({ project_id: c.projectId, expires: new Date(Date.parse(c.now) + REVIEW_LOCK_MS).toISOString() })];
  }
  if (!held) return [];
  if (byOther && !c.force) throw conflict('This project is locked by another moderator');
  return [ReviewLockReleased({ project_id: c.projectId })];
}

export const reviewLockDecider: Decider<ReviewLockCommand, ReviewLockState> = {
  initialState: { holder: null, expires: null },
  evolve: evolveReviewLock,
  decide: decideReviewLock,
};
