import { z } from 'zod';
import { Color, Id, Url } from './common';
import { TeamMember } from './team';

/** v3's Organization, served under /v2. */
export const OrganizationMember = TeamMember.extend({
  organization_permissions: z.number().int().nonnegative().nullable(),
});
export const Organization = z.strictObject({
  id: Id,
  slug: z.string(),
  name: z.string(),
  team_id: Id,
  description: z.string(),
  icon_url: Url.nullable(),
  color: Color,
  members: z.array(OrganizationMember),
});
export type OrganizationMember = z.output<typeof OrganizationMember>;
export type Organization = z.output<typeof Organization>;

/** Organization command inputs (v3's shapes). */
const slug = z.string().regex(/^[\w!@$()`.+,"\-']{3,64}$/, 'slugs are 3 to 64 letters, digits or -_!@$()`.+,"\'');
const name = z.string().trim().min(3).max(64);
const description = z.string().trim().min(3).max(256);
const bits = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 32);
export const createOrganizationInput = z.object({ slug, name, description });
export const editOrganizationInput = z.object({ slug: slug.optional(), name: name.optional(), description: description.optional() });
export const inviteOrgMemberInput = z.object({
  user_id: z.string().min(1).max(64),
  role: z.string().max(64).optional(),
  permissions: bits.optional(),
  organization_permissions: bits.optional(),
  ordering: z.number().int().optional(),
});
export const editOrgMemberInput = inviteOrgMemberInput.omit({ user_id: true });
export const addProjectInput = z.object({ project_id: z.string().min(1).max(64) });
