import {
  TwoFactorDisabled,
  TwoFactorEnabled,
  UserBadgesChanged,
  UserDeleted,
  UserEmailChanged,
  UserEmailVerified,
  UserProfileEdited,
  UserRegistered,
  UserRoleChanged,
  type RecordedEvent,
} from '@modshelf/events';
import type { UserDoc } from '../read-model/documents';
import { createsUser } from './creations';
import { defineProjector, documentProjection, noJoin, streamIds, typesOf, type ReadView } from './evolve';

/** A user's public profile after an event of their stream (null: deleted, or never registered). */
export function evolveUser(u: UserDoc | null, e: RecordedEvent): UserDoc | null {
  if (UserRegistered.is(e)) {
    const d = e.data;
    return {
      id: d.user_id,
      username: d.username,
      bio: d.bio,
      avatar_url: d.avatar_url,
      created: d.created,
      role: d.role,
      badges: 0,
      email_verified: false,
      has_totp: false,
    };
  }
  if (!u) return u;
  if (UserProfileEdited.is(e)) {
    const c = e.data.changes;
    return {
      ...u,
      username: c.username !== undefined ? c.username : u.username,
      bio: c.bio !== undefined ? c.bio : u.bio,
      avatar_url: c.avatar_url !== undefined ? c.avatar_url : u.avatar_url,
    };
  }
  if (UserRoleChanged.is(e)) return { ...u, role: e.data.role };
  if (UserBadgesChanged.is(e)) return { ...u, badges: e.data.badges };
  if (UserEmailVerified.is(e)) return { ...u, email_verified: true };
  if (UserEmailChanged.is(e)) return { ...u, email_verified: false };
  if (TwoFactorEnabled.is(e) || TwoFactorDisabled.is(e)) return { ...u, has_totp: TwoFactorEnabled.is(e) };
  if (UserDeleted.is(e)) return null;
  return u;
}

/** The id of a user stream's user, when they exist before the event. */
async function existingUser(e: RecordedEvent, read: ReadView): Promise<string | null> {
  const [id] = streamIds(e, 'user');
  return id && (await read.get('users', id)) ? id : null;
}

const users = documentProjection({
  collection: 'users',
  canHandle: typesOf(
    UserRegistered,
    UserProfileEdited,
    UserRoleChanged,
    UserBadgesChanged,
    UserEmailVerified,
    UserEmailChanged,
    TwoFactorEnabled,
    TwoFactorDisabled,
    UserDeleted,
  ),
  join: noJoin,
  documentIds: (e) => (UserRegistered.is(e) && e.streamId.startsWith('user-') ? [e.data.user_id] : streamIds(e, 'user')),
  evolve: evolveUser,
  creates: createsUser,
});

/** The follows of a deleted user, read before they go. */
async function followsOfDeleted(e: RecordedEvent, read: ReadView): Promise<string[]> {
  const id = await existingUser(e, read);
  return id ? read.findIds('follows', 'user', id) : [];
}

/** A deleted user's follows no longer count for their projects. */
const followersLost = documentProjection({
  collection: 'projects',
  canHandle: typesOf(UserDeleted),
  join: noJoin,
  documentIds: async (e, _join, read) => {
    const projects: string[] = [];
    for (const fid of await followsOfDeleted(e, read)) {
      const f = await read.get('follows', fid);
      if (f) projects.push(f.project_id);
    }
    return projects;
  },
  evolve: (p) => (p ? { ...p, followers: Math.max(0, p.followers - 1) } : p),
});

const followsGone = documentProjection({
  collection: 'follows',
  canHandle: typesOf(UserDeleted),
  join: noJoin,
  documentIds: (e, _join, read) => followsOfDeleted(e, read),
  evolve: () => null,
});

/** Public user profiles. A username change re-indexes the user's projects (search hits carry the author). */
export const userProjector = defineProjector({
  name: 'userProjector',
  reindex: {
    canHandle: typesOf(UserProfileEdited, UserDeleted),
    projectIds: async (e, read) => {
      const [id] = streamIds(e, 'user');
      const u = id ? await read.get('users', id) : null;
      if (!id || !u) return [];
      const renamed = UserProfileEdited.is(e) && e.data.changes.username !== undefined && e.data.changes.username !== u.username;
      return renamed || UserDeleted.is(e) ? read.findIds('projects', 'member', id) : [];
    },
  },
  // the deleted user's follows are read before they go, and the user before them all
  documents: [followersLost, followsGone, users],
});
