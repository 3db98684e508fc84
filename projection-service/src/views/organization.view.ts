import type { Organization, OrganizationMember } from '@modshelf/contract/v2';
import type { OrganizationDoc, OrganizationMemberDoc } from '../read-model/community-documents';
import type { UserDoc } from '../read-model/documents';
import { teamMemberView } from './team-member.view';

/** A v3 organization team member; permissions only for privileged readers (members of the organization, staff). */
export function organizationMemberView(o: OrganizationDoc, m: OrganizationMemberDoc, u: UserDoc, privileged: boolean, creator = false): OrganizationMember {
  // a project team member's answer (an organization member has no payout split: the owner's 100, others' 0), plus the organization bits
  return { ...teamMemberView(o.team_id, m, u, privileged, creator), organization_permissions: privileged ? m.organization_permissions : null };
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
