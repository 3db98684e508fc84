import type { TeamMember } from '@modshelf/contract/v2';
import type { TeamMemberDoc, UserDoc } from '../read-model/documents';
import { userView } from './user.view';

/**
 * Modrinth's TeamMember of a project's team. Permissions and the payout split only for privileged
 * readers (members of the team, staff); the split defaults to 100 for the owner, 0 for the others.
 */
export function teamMemberView(team: string, m: TeamMemberDoc, u: UserDoc, privileged: boolean, creator: boolean): TeamMember {
  return {
    team_id: team,
    user: userView(u, null, null, creator),
    role: m.role,
    is_owner: m.is_owner,
    permissions: privileged ? m.permissions : null,
    accepted: m.accepted,
    payouts_split: privileged ? (m.payouts_split ?? (m.is_owner ? 100 : 0)) : null,
    ordering: m.ordering,
  };
}
