/** Organization settings: permission bits (as the API's) and what the signed-in member may do. */
import { ALL_ORGANIZATION_PERMISSIONS, ORGANIZATION_PERMISSIONS } from '@modshelf/contract/scopes';
import { teamAccess, type User } from '@modshelf/web-kit';

/** The organization permission bits are the contract's. */
export const ORG_PERMISSIONS = ORGANIZATION_PERMISSIONS;
export type OrgPermission = keyof typeof ORG_PERMISSIONS;
export const ORG_PERMISSION_NAMES = Object.keys(ORG_PERMISSIONS) as OrgPermission[];
export const ALL_ORG_PERMISSIONS = ALL_ORGANIZATION_PERMISSIONS;

export interface OrgMember {
  team_id: string;
  user: User;
  role: string;
  is_owner: boolean;
  /** project bits on the organization's projects; null when the caller may not see them */
  permissions: number | null;
  organization_permissions: number | null;
  accepted: boolean;
  ordering?: number;
}

/** The caller's organization bits (web-kit's teamAccess): staff and the owner hold all; a pending invitee none. */
export function orgAccess(user: Pick<User, 'id' | 'role'> | null | undefined, members: readonly OrgMember[]) {
  const { staff, permissions } = teamAccess(user, members, 'organization');
  const me = user ? members.find((m) => m.user.id === user.id) : undefined;
  return { staff, me, permissions, owner: !!me?.is_owner };
}

export const hasOrg = (bits: number, p: OrgPermission) => (bits & ORG_PERMISSIONS[p]) === ORG_PERMISSIONS[p];

/** The settings tab a path names: '' (general), 'analytics', 'members', 'projects', or null (unknown). */
export function settingsTab(pathname: string): '' | 'analytics' | 'members' | 'projects' | null {
  const m = /^\/organization\/[^/]+\/settings(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!m) return null;
  const tab = m[1] ?? '';
  return tab === '' || tab === 'analytics' || tab === 'members' || tab === 'projects' ? tab : null;
}
