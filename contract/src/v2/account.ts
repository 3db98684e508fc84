import { z } from 'zod';
import { SCOPE_BITS, namesToScopes, type ScopeName } from '../scopes';
import { id, username } from './fields';

/** The accounts API: sign-up, sign-in, e-mail and password, two-factor, personal access tokens, sessions, the profile. */
export const AccountId = id;
export const AccountDateTime = z.string().meta({ format: 'date-time' });
export const Scopes = z.number().int().nonnegative().meta({ description: 'scope bits (see the TokenAuth security scheme)' });
/** Scope bits, or a list of scope names. */
export const scopeInput = z.union([
  z.number().int().nonnegative(),
  z.array(z.enum(Object.keys(SCOPE_BITS) as [ScopeName, ...ScopeName[]])).transform((names) => namesToScopes(names)),
]);
const email = z.string().trim().max(254).pipe(z.email('email: not a valid e-mail address'));
const flow = z.string().min(1).max(200);

export const createBody = z.object({
  username,
  password: z.string().max(256),
  email,
  sign_up_newsletter: z.boolean().optional(),
  challenge: z.string().optional(),
});
export const loginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  challenge: z.string().optional(),
});
export const verifyBody = z.object({ flow });
export const resetBeginBody = z.object({ username: z.string().trim().min(1).max(254), challenge: z.string().optional() });
export const changePasswordBody = z.object({
  flow: flow.optional(),
  old_password: z.string().max(256).optional(),
  new_password: z.string().max(256).nullable().optional(),
});
export const emailBody = z.object({ email });
export const codeFlow = z.object({ flow, code: z.string().trim().min(1).max(64) });
export const codeOnly = z.object({ code: z.string().trim().min(1).max(64) });

const expiresInput = z
  .union([z.iso.datetime({ offset: true }), z.number().int().positive()])
  .transform((v) => new Date(typeof v === 'number' ? (v < 1e12 ? v * 1000 : v) : v).toISOString());
export const createPat = z.object({
  name: z.string({ error: 'name: a token needs a name' }).max(255),
  scopes: scopeInput,
  expires: expiresInput,
});
export const editPat = z.object({ name: z.string().max(255).optional(), scopes: scopeInput.optional(), expires: expiresInput.optional() });

export const editUser = z.object({
  username: username.optional(),
  bio: z.string().max(160, 'bio: at most 160 characters').nullable().optional(),
  role: z.enum(['developer', 'moderator', 'admin']).optional(),
  /** Modrinth's badge bits (admins only); role badges are computed and cannot be set */
  badges: z.int().min(0).optional(),
  name: z.string().nullable().optional(),
});

export const SessionAnswer = z.strictObject({ session: z.string().meta({ description: 'an mra_ session token (also set as the auth-token cookie)' }) });
export const LoginAnswer = z.union([
  SessionAnswer,
  z.strictObject({ flow: z.string().meta({ description: 'two-factor flow: finish at POST /v2/auth/login/2fa' }) }),
]);
export const TwoFactorSecret = z.strictObject({ secret: z.string(), flow: z.string() });
export const BackupCodes = z.strictObject({ backup_codes: z.array(z.string()) });
export const VerifyAnswer = z.strictObject({ status: z.enum(['verified', 'already_verified']) });
export const Subscribed = z.strictObject({ subscribed: z.boolean() });

/** Modrinth's PersonalAccessToken (`access_token` only in the answer that creates it). */
export const Pat = z.strictObject({
  id: AccountId,
  name: z.string(),
  access_token: z.string().nullable(),
  scopes: Scopes,
  user_id: AccountId,
  created: AccountDateTime,
  expires: AccountDateTime,
  last_used: AccountDateTime.nullable(),
});
/** Modrinth's Session. */
export const Session = z.strictObject({
  id: AccountId,
  user_id: AccountId,
  created: AccountDateTime,
  last_login: AccountDateTime,
  expires: AccountDateTime.nullable(),
  os: z.string().nullable(),
  platform: z.string().nullable(),
  current: z.boolean(),
});
export type Pat = z.output<typeof Pat>;
export type Session = z.output<typeof Session>;
