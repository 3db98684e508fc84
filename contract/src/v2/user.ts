import { z } from 'zod';
import { DateTime, Id, Url, count } from './common';
import { USER_EXAMPLE } from './examples';

export const UserRole = z.enum(['admin', 'moderator', 'developer']);
export const User = z
  .strictObject({
    id: Id,
    username: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable().meta({ description: 'only for the user themself, with USER_READ_EMAIL' }),
    bio: z.string().nullable(),
    avatar_url: Url.nullable(),
    created: DateTime,
    role: UserRole,
    badges: count(),
    auth_providers: z.array(z.string()).nullable(),
    email_verified: z.boolean().nullable(),
    has_password: z.boolean().nullable(),
    has_totp: z.boolean().nullable(),
    payout_data: z.null(),
    github_id: z.number().int().nullable(),
    project_count: count().optional().meta({ description: 'Modshelf: publicly listed projects' }),
    download_count: count().optional(),
    follower_count: count().optional(),
  })
  .meta({ examples: [USER_EXAMPLE] });

export type User = z.output<typeof User>;
export type UserRole = z.output<typeof UserRole>;
