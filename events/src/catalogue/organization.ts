import { z } from 'zod';
import { defineEvent } from '../registry';
import { id, nullableUrl } from './fields';

/** Stream: organization-<organization_id>. Modrinth v3 organizations (served under /v2). */
export const organizationStream = (organizationId: string) => `organization-${organizationId}`;

export const organizationFields = z.object({
  slug: z.string().regex(/^[\w!@$()`.+,"\-']{3,64}$/),
  name: z.string().min(3).max(64),
  description: z.string().min(3).max(256),
});

export const OrganizationCreated = defineEvent('OrganizationCreated', 1, organizationFields.extend({ organization_id: id, team_id: id, owner_id: id }));
export const OrganizationEdited = defineEvent('OrganizationEdited', 1, z.object({ changes: organizationFields.partial() }));
export const OrganizationIconChanged = defineEvent('OrganizationIconChanged', 1, z.object({ icon_url: nullableUrl, color: z.number().int().nullable() }));

/**
 * A member of the organization's team: `permissions` are the project permission bits the
 * member holds on the organization's projects, `organization_permissions` the organization bits.
 */
export const OrganizationMemberAdded = defineEvent(
  'OrganizationMemberAdded',
  1,
  z.object({
    user_id: id,
    role: z.string().max(64),
    permissions: z.number().int().nonnegative(),
    organization_permissions: z.number().int().nonnegative(),
    ordering: z.number().int(),
    accepted: z.boolean(),
    is_owner: z.boolean(),
  }),
);
export const OrganizationMemberEdited = defineEvent(
  'OrganizationMemberEdited',
  1,
  z.object({
    user_id: id,
    role: z.string().max(64).optional(),
    permissions: z.number().int().nonnegative().optional(),
    organization_permissions: z.number().int().nonnegative().optional(),
    ordering: z.number().int().optional(),
  }),
);
export const OrganizationInviteAccepted = defineEvent('OrganizationInviteAccepted', 1, z.object({ user_id: id }));
export const OrganizationMemberRemoved = defineEvent('OrganizationMemberRemoved', 1, z.object({ user_id: id }));

/** A project joined or left the organization (the project's `organization` field follows). */
export const OrganizationProjectAdded = defineEvent('OrganizationProjectAdded', 1, z.object({ project_id: id }));
export const OrganizationProjectRemoved = defineEvent('OrganizationProjectRemoved', 1, z.object({ project_id: id }));

/** The organization is gone; its projects have no organization any more. */
export const OrganizationDeleted = defineEvent('OrganizationDeleted', 1, z.object({ organization_id: id }));

/** The owner handed the organization to another accepted member; the former owner stays a member. */
export const OrganizationOwnershipTransferred = defineEvent('OrganizationOwnershipTransferred', 1, z.object({ from: id, to: id }));
