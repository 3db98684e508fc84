import { ALL_PROJECT_PERMISSIONS } from './scopes';

/** A user's entry on a team (the project's, or the organization's that owns the project). */
export interface TeamStanding {
  accepted: boolean;
  is_owner: boolean;
  /** project permission bits (for an organization member: the bits held on every project of the organization) */
  permissions: number;
}

/**
 * Project permission bits a (non-staff) user holds, as Modrinth's ProjectPermissions::get_permissions_by_role:
 * an accepted project team entry decides (its owner holds all); without one, an accepted entry on the owning
 * organization's team (its owner holds all); pending invitations grant nothing.
 */
export function projectPermissionsOf(team: TeamStanding | undefined, organization: TeamStanding | undefined): number {
  for (const m of [team, organization]) {
    if (m?.accepted) return m.is_owner ? ALL_PROJECT_PERMISSIONS : m.permissions;
  }
  return 0;
}

/** Whether a (non-staff) user sees a hidden project: any project team entry (a pending invitee too) or an accepted organization entry. */
export const seesHiddenProject = (team: TeamStanding | undefined, organization: TeamStanding | undefined): boolean =>
  team !== undefined || organization?.accepted === true;
