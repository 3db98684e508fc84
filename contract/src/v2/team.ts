import { z } from 'zod';
import { Id } from './common';
import { User } from './user';

export const TeamMember = z.strictObject({
  team_id: Id,
  user: User,
  role: z.string(),
  is_owner: z.boolean(),
  permissions: z.number().int().nonnegative().nullable().meta({ description: 'project permission bits; team members and staff only' }),
  accepted: z.boolean(),
  payouts_split: z.number().nullable(),
  ordering: z.number().int(),
});
export type TeamMember = z.output<typeof TeamMember>;

/** Team routes' inputs. */
export const inviteInput = z.object({
  user_id: z.string().min(1).max(64),
  role: z.string().max(64).optional(),
  permissions: z.number().int().nonnegative().optional(),
  payouts_split: z.number().min(0).max(100).optional(),
  ordering: z.number().int().optional(),
});
export const editMemberInput = z.object({
  role: z.string().max(64).optional(),
  permissions: z.number().int().nonnegative().optional(),
  payouts_split: z.number().min(0).max(100).optional(),
  ordering: z.number().int().optional(),
});
export const userIdInput = z.object({ user_id: z.string().min(1).max(64) });
