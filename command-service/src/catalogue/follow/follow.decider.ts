import { ProjectFollowed, ProjectUnfollowed, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { invalidInput } from '@modshelf/contract';
import type { Decider } from '../../kernel/decider';

/** Stream follows-<user>: the set of projects the user follows. */
export type FollowState = ReadonlySet<string>;

export type FollowCommand = { kind: 'follow'; user_id: string; project_id: string } | { kind: 'unfollow'; user_id: string; project_id: string };

export function evolveFollows(s: FollowState, e: RecordedEvent): FollowState {
  if (ProjectFollowed.is(e)) return new Set([...s, e.data.project_id]);
  if (ProjectUnfollowed.is(e)) {
    const next = new Set(s);
    next.delete(e.data.project_id);
    return next;
  }
  return s;
}

export function decideFollow(c: FollowCommand, s: FollowState): DecidedEvent[] {
  if (c.kind === 'follow') {
    if (s.has(c.project_id)) throw invalidInput('You are already following this project!');
    return [ProjectFollowed({ user_id: c.user_id, project_id: c.project_id })];
  }
  if (!s.has(c.project_id)) throw invalidInput('You are not following this project!');
  return [ProjectUnfollowed({ user_id: c.user_id, project_id: c.project_id })];
}

export const followDecider: Decider<FollowCommand, FollowState> = {
  initialState: new Set<string>(),
  evolve: evolveFollows,
  decide: decideFollow,
};
