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
