import {
  PatCreated,
  PatDeleted,
  PatEdited,
  SessionCreated,
  SessionRevoked,
  TwoFactorDisabled,
  TwoFactorEnabled,
  UserDeleted,
  OAuthAppAuthorized,
  OAuthAuthorizationRevoked,
  UserEmailChanged,
  UserEmailVerified,
  UserPasswordChanged,
  UserProfileEdited,
  UserRegistered,
  UserRoleChanged,
  UserBadgesChanged,
  GRANTABLE_BADGES,
  type DecidedEvent,
  type RecordedEvent,
  type UserRole,
} from '@modshelf/events';
import { conflict, invalidInput, isValidScopeMask, notFound, RESTRICTED_MASK } from '@modshelf/contract';
import type { Decider } from '../kernel/decider';

/** The user aggregate (stream user-<id>) as the account commands need it. */
export interface UserState {
  exists: boolean;
  deleted: boolean;
  userId: string | null;
  username: string | null;
  role: UserRole;
  /** badges granted by an admin (Modrinth's bits) */
  badges: number;
  bio: string | null;
  avatarUrl: string | null;
  created: string | null;
  emailVerified: boolean;
  twoFactor: boolean;
  sessions: Record<string, { os: string | null; platform: string | null; created: string }>;
  pats: Record<string, { name: string; scopes: number; expires: string; created: string }>;
  /** OAuth grants by app id */
  authorizations: Record<string, { id: string; scopes: number; created: string }>;
}

export const initialUserState: UserState = {
  exists: false,
  deleted: false,
  userId: null,
  username: null,
  role: 'developer',
  badges: 0,
  bio: null,
  avatarUrl: null,
  created: null,
  emailVerified: false,
  twoFactor: false,
  sessions: {},
  pats: {},
  authorizations: {},
};

export type UserCommand =
  | { type: 'Register'; user_id: string; username: string; role: UserRole; created: string }
  | { type: 'EditProfile'; changes: { username?: string; bio?: string | null; avatar_url?: string | null } }
  | { type: 'ChangeRole'; role: UserRole }
  | { type: 'SetBadges'; badges: number }
  | { type: 'VerifyEmail' }
  | { type: 'ChangeEmail' }
  | { type: 'ChangePassword'; reset: boolean }
  | { type: 'EnableTwoFactor' }
  | { type: 'DisableTwoFactor' }
  | { type: 'CreateSession'; session_id: string; os: string | null; platform: string | null; created: string }
  | { type: 'RevokeSession'; session_id: string }
  | { type: 'CreatePat'; pat_id: string; name: string; scopes: number; expires: string; created: string; now: string }
  | { type: 'EditPat'; pat_id: string; name?: string; scopes?: number; expires?: string; now: string }
  | { type: 'DeletePat'; pat_id: string }
  | { type: 'AuthorizeApp'; authorization_id: string; app_id: string; scopes: number; created: string }
  | { type: 'RevokeAuthorization'; app_id: string }
  | { type: 'Delete' };

function checkPatScopes(scopes: number): void {
  if (!isValidScopeMask(scopes)) throw invalidInput('scopes: not a valid scope mask');
  // RESTRICTED_MASK uses bits above 31: test bit by bit with arithmetic
  let restricted = false;
  for (let bit = 0; bit < 48; bit++) {
    const v = 2 ** bit;
    if (Math.floor(scopes / v) % 2 === 1 && Math.floor(RESTRICTED_MASK / v) % 2 === 1) restricted = true;
  }
  if (restricted) throw invalidInput('Invalid scopes requested: restricted scopes cannot be given to a personal access token');
}

function checkExpiry(expires: string, now: string): void {
  if (Date.parse(expires) <= Date.parse(now)) throw invalidInput('expires: the expiry must be in the future');
}

export const userDecider: Decider<UserCommand, UserState> = {
  initialState: initialUserState,

  evolve(s: UserState, e: RecordedEvent): UserState {
    if (UserRegistered.is(e)) {
      return {
        ...s,
        exists: true,
        userId: e.data.user_id,
        username: e.data.username,
        role: e.data.role,
        bio: e.data.bio,
        avatarUrl: e.data.avatar_url,
        created: e.data.created,
      };
    }
    if (UserProfileEdited.is(e)) {
      const c = e.data.changes;
      return {
        ...s,
        username: c.username ?? s.username,
        bio: c.bio !== undefined ? c.bio : s.bio,
        avatarUrl: c.avatar_url !== undefined ? c.avatar_url : s.avatarUrl,
      };
    }
    if (UserRoleChanged.is(e)) return { ...s, role: e.data.role };
    if (UserBadgesChanged.is(e)) return { ...s, badges: e.data.badges };
    if (UserEmailVerified.is(e)) return { ...s, emailVerified: true };
    if (UserEmailChanged.is(e)) return { ...s, emailVerified: false };
    if (TwoFactorEnabled.is(e)) return { ...s, twoFactor: true };
    if (TwoFactorDisabled.is(e)) return { ...s, twoFactor: false };
    if (SessionCreated.is(e)) {
      return { ...s, sessions: { ...s.sessions, [e.data.session_id]: { os: e.data.os, platform: e.data.platform, created: e.data.created } } };
    }
    if (SessionRevoked.is(e)) {
      const { [e.data.session_id]: _gone, ...sessions } = s.sessions;
      return { ...s, sessions };
    }
    if (PatCreated.is(e)) {
      const { pat_id, name, scopes, expires, created } = e.data;
      return { ...s, pats: { ...s.pats, [pat_id]: { name, scopes, expires, created } } };
    }
    if (PatEdited.is(e)) {
      const cur = s.pats[e.data.pat_id];
      if (!cur) return s;
      const { name = cur.name, scopes = cur.scopes, expires = cur.expires } = e.data;
      return { ...s, pats: { ...s.pats, [e.data.pat_id]: { ...cur, name, scopes, expires } } };
    }
    if (PatDeleted.is(e)) {
      const { [e.data.pat_id]: _gone, ...pats } = s.pats;
      return { ...s, pats };
    }
    if (OAuthAppAuthorized.is(e)) {
      const { authorization_id, app_id, scopes, created } = e.data;
      return { ...s, authorizations: { ...s.authorizations, [app_id]: { id: authorization_id, scopes, created } } };
    }
    if (OAuthAuthorizationRevoked.is(e)) {
      const { [e.data.app_id]: _gone, ...authorizations } = s.authorizations;
      return { ...s, authorizations };
    }
    if (UserDeleted.is(e)) {
      return { ...initialUserState, exists: true, deleted: true, userId: s.userId };
    }
    return s;
  },

  decide(c: UserCommand, s: UserState): DecidedEvent[] {
    if (c.type === 'Register') {
      if (s.exists) throw conflict('this account already exists');
      return [UserRegistered({ user_id: c.user_id, username: c.username, role: c.role, avatar_url: null, bio: null, created: c.created })];
    }
    if (!s.exists || s.deleted) throw notFound('User not found');
    switch (c.type) {
      case 'EditProfile': {
        const changes: typeof c.changes = {};
        if (c.changes.username !== undefined && c.changes.username !== s.username) changes.username = c.changes.username;
        if (c.changes.bio !== undefined && c.changes.bio !== s.bio) changes.bio = c.changes.bio;
        if (c.changes.avatar_url !== undefined && c.changes.avatar_url !== s.avatarUrl) changes.avatar_url = c.changes.avatar_url;
        return Object.keys(changes).length ? [UserProfileEdited({ changes })] : [];
      }
      case 'ChangeRole':
        return c.role === s.role ? [] : [UserRoleChanged({ role: c.role })];
      case 'SetBadges':
        if ((c.badges & ~GRANTABLE_BADGES) !== 0)
          throw invalidInput('badges: only the grantable badge bits (EARLY_MODPACK_ADOPTER to TRANSLATOR, 2 to 64) may be set');
        return c.badges === s.badges ? [] : [UserBadgesChanged({ badges: c.badges })];
      case 'VerifyEmail':
        return s.emailVerified ? [] : [UserEmailVerified({})];
      case 'ChangeEmail':
        return [UserEmailChanged({})];
      case 'ChangePassword':
        return [UserPasswordChanged({ reset: c.reset })];
      // the vault holds the secret and is checked by the routes; the log records each change once
      case 'EnableTwoFactor':
        return s.twoFactor ? [] : [TwoFactorEnabled({})];
      case 'DisableTwoFactor':
        return s.twoFactor ? [TwoFactorDisabled({})] : [];
      case 'CreateSession':
        return [SessionCreated({ session_id: c.session_id, os: c.os, platform: c.platform, created: c.created })];
      case 'RevokeSession':
        if (!s.sessions[c.session_id]) throw notFound('session not found');
        return [SessionRevoked({ session_id: c.session_id })];
      case 'CreatePat': {
        const name = c.name.trim();
        if (!name) throw invalidInput('name: a token needs a name');
        if (name.length > 255) throw invalidInput('name: at most 255 characters');
        checkPatScopes(c.scopes);
        checkExpiry(c.expires, c.now);
        return [PatCreated({ pat_id: c.pat_id, name, scopes: c.scopes, expires: c.expires, created: c.created })];
      }
      case 'EditPat': {
        const cur = s.pats[c.pat_id];
        if (!cur) throw notFound('token not found');
        const data: { pat_id: string; name?: string; scopes?: number; expires?: string } = { pat_id: c.pat_id };
        if (c.name !== undefined) {
          const name = c.name.trim();
          if (!name) throw invalidInput('name: a token needs a name');
          if (name !== cur.name) data.name = name;
        }
        if (c.scopes !== undefined) {
          checkPatScopes(c.scopes);
          if (c.scopes !== cur.scopes) data.scopes = c.scopes;
        }
        if (c.expires !== undefined) {
          checkExpiry(c.expires, c.now);
          if (c.expires !== cur.expires) data.expires = c.expires;
        }
        return Object.keys(data).length > 1 ? [PatEdited(data)] : [];
      }
      case 'DeletePat':
        if (!s.pats[c.pat_id]) throw notFound('token not found');
        return [PatDeleted({ pat_id: c.pat_id })];
      case 'AuthorizeApp': {
        const cur = s.authorizations[c.app_id];
        // a grant only ever widens: the union of what was granted before and now
        let scopes = c.scopes;
        if (cur) {
          scopes = 0;
          for (let bit = 0; bit < 48; bit++) {
            const v = 2 ** bit;
            if (Math.floor(c.scopes / v) % 2 === 1 || Math.floor(cur.scopes / v) % 2 === 1) scopes += v;
          }
          if (scopes === cur.scopes) return [];
        }
        return [OAuthAppAuthorized({ authorization_id: cur?.id ?? c.authorization_id, app_id: c.app_id, scopes, created: cur?.created ?? c.created })];
      }
      case 'RevokeAuthorization':
        if (!s.authorizations[c.app_id]) throw notFound('authorization not found');
        return [OAuthAuthorizationRevoked({ app_id: c.app_id })];
      case 'Delete':
        return [UserDeleted({})];
      default: {
        const never: never = c;
        throw invalidInput(`unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
