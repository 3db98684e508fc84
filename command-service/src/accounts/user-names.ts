import { UserDeleted, UserProfileEdited, UserRegistered, type DecidedEvent } from '@modshelf/events';
import { invalidInput } from '@modshelf/contract';
import type { NameRules } from '../kernel/execute';
import { renameClaims, type NameClaim } from '../kernel/names';
import type { UserState } from './user-decider';

/**
 * Usernames are held in `username-<name>` reservation streams, appended with the user's events:
 * taken on registration, moved on rename, given back on deletion. (The vault's unique index
 * holds them too; the stream is what replicas sharing only the event store agree on.)
 */
export const userNames: NameRules<UserState> = {
  claims(decided: DecidedEvent[], before: UserState): NameClaim[] {
    const claims: NameClaim[] = [];
    let name = before.exists && !before.deleted ? before.username : null;
    for (const e of decided) {
      if (UserRegistered.is(e)) {
        claims.push(...renameClaims('user', e.data.user_id, null, e.data.username));
        name = e.data.username;
      } else if (UserProfileEdited.is(e) && e.data.changes.username && name !== null && before.userId) {
        claims.push(...renameClaims('user', before.userId, name, e.data.changes.username));
        name = e.data.changes.username;
      } else if (UserDeleted.is(e) && name !== null && before.userId) {
        claims.push({ action: 'release', namespace: 'user', name, owner: before.userId });
      }
    }
    return claims;
  },
  taken: () => invalidInput('Username is taken!'),
};
