import { z } from 'zod';
import { username } from '@modshelf/contract/v2/fields';
import { defineEvent } from '../registry';
import { USER_ROLES } from './tags';
import { id, isoTime, nullableUrl } from './fields';

/**
 * Stream: user-<user_id>. Personal data (e-mail, password hash) never enters the
 * log: it lives in the credential vault (credentials/port.ts), so deleting an
 * account forgets it. Token hashes live there too; the log keeps only the facts.
 */
export const userStream = (userId: string) => `user-${userId}`;
/** The wire's username rule. */
export const usernameSchema = username;

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.object({
    user_id: id,
    username: usernameSchema,
    role: z.enum(USER_ROLES),
    avatar_url: nullableUrl,
    bio: z.string().max(160).nullable(),
    created: isoTime,
  }),
);
export const UserProfileEdited = defineEvent(
  'UserProfileEdited',
  1,
  z.object({ changes: z.object({ username: usernameSchema, bio: z.string().max(160).nullable(), avatar_url: nullableUrl }).partial() }),
);
export const UserRoleChanged = defineEvent('UserRoleChanged', 1, z.object({ role: z.enum(USER_ROLES) }));
/** The badges an admin granted (Modrinth's bits; role badges are computed, never stored). */
export const UserBadgesChanged = defineEvent('UserBadgesChanged', 1, z.object({ badges: z.number().int().min(0).max(0x7e) }));
export const UserEmailVerified = defineEvent('UserEmailVerified', 1, z.object({}));
export const UserDeleted = defineEvent('UserDeleted', 1, z.object({}));

export const SessionCreated = defineEvent(
  'SessionCreated',
  1,
  z.object({ session_id: id, os: z.string().nullable(), platform: z.string().nullable(), created: isoTime }),
);
export const SessionRevoked = defineEvent('SessionRevoked', 1, z.object({ session_id: id }));

export const PatCreated = defineEvent(
  'PatCreated',
  1,
  z.object({ pat_id: id, name: z.string().min(1).max(255), scopes: z.number().int().nonnegative(), expires: isoTime, created: isoTime }),
);
export const PatEdited = defineEvent(
  'PatEdited',
  1,
  z.object({ pat_id: id, name: z.string().min(1).max(255).optional(), scopes: z.number().int().nonnegative().optional(), expires: isoTime.optional() }),
);
export const PatDeleted = defineEvent('PatDeleted', 1, z.object({ pat_id: id }));

/** Facts only: the new password hash and e-mail address live in the credential vault, never here. */
export const UserPasswordChanged = defineEvent('UserPasswordChanged', 1, z.object({ reset: z.boolean() }));
export const UserEmailChanged = defineEvent('UserEmailChanged', 1, z.object({}));
/** Two-factor auth turned on or off (the TOTP secret and recovery codes stay in the vault). */
export const TwoFactorEnabled = defineEvent('TwoFactorEnabled', 1, z.object({}));
export const TwoFactorDisabled = defineEvent('TwoFactorDisabled', 1, z.object({}));
