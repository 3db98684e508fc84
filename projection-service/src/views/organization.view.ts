import type { Organization, OrganizationMember } from '@modshelf/contract/v2';
import type { OrganizationDoc, OrganizationMemberDoc } from '../read-model/community-documents';
import type { UserDoc } from '../read-model/documents';
import { userView } from './user.view';

/** A v3 organization team member; permissions only for privileged readers (members of the organization, staff). */
export function organizationMemberView(o: OrganizationDoc, m: OrganizationMemberDoc, u: UserDoc, privileged: boolean, creator = false): OrganizationMember {
  return {
    team_id: o.team_id,
    user: userView(u, null, null, creator),
    role: m.role,
    is_owner: m.is_owner,
    permissions: privileged ? m.permissions : null,
    organization_permissions: privileged ? m.organization_permissions : null,
    accepted: m.accepted,
    payouts_split: privileged ? (m.is_owner ? 100 : 0) : null,
    ordering: m.ordering,
  };
}

/** The v3 Organization shape, served under /v2. */
export function organizationView(o: OrganizationDoc, members: OrganizationMember[]): Organization {
  return {
    id: o.id,
    slug: o.slug,
    name: o.name,
    team_id: o.team_id,
    description: o.description,
    icon_url: o.icon_url,
    color: o.color,
    members,
  };
}
