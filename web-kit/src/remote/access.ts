/**
 * Who may open a page: signed in, staff, admin, or a member of a project's or an organization's team
 * (with permission bits from @modshelf/contract). Pure: the Guard component renders the verdict.
 */
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS } from '@modshelf/contract/scopes';

export interface GuardUser {
  id: string;
  role: string;
}

/** A team entry as the API answers it (project team members and organization members alike). */
export interface TeamEntry {
  user: { id: string };
  is_owner?: boolean;
  accepted?: boolean;
  /** project bits */
  permissions?: number | null;
  /** organization bits (organization members only) */
  organization_permissions?: number | null;
}

export type TeamKind = 'project' | 'organization';

/**
 * What a page needs: 'user' (signed in), 'staff' (moderator or admin), 'admin', or a place on a team
 * (`members` undefined while the team is read; `permission` the bits needed, PROJECT_PERMISSIONS or
 * ORGANIZATION_PERMISSIONS; staff pass every team check).
 */
export type Need = 'user' | 'staff' | 'admin' | { team: readonly TeamEntry[] | undefined; of: TeamKind; permission?: number };

/** wait: the user or the team is still being read; sign-in: anonymous; forbidden: signed in but not allowed. */
export type Verdict = 'wait' | 'sign-in' | 'forbidden' | 'allow';

export const STAFF_ROLES: readonly string[] = ['moderator', 'admin'];
export const isStaff = (user: GuardUser | null | undefined): boolean => !!user && STAFF_ROLES.includes(user.role);
export const isAdmin = (user: GuardUser | null | undefined): boolean => user?.role === 'admin';

export interface TeamAccess<M extends TeamEntry> {
  /** the user's accepted place on the team */
  member: M | null;
  staff: boolean;
  /** the user's bits: all for staff and the owner, the member's own bits, else 0 */
  permissions: number;
}

/** What a user may do on a team: staff and the owner hold every bit, a pending invitee none. */
export function teamAccess<M extends TeamEntry>(user: GuardUser | null | undefined, members: readonly M[], of: TeamKind): TeamAccess<M> {
  if (!user) return { member: null, staff: false, permissions: 0 };
  const all = of === 'project' ? ALL_PROJECT_PERMISSIONS : ALL_ORGANIZATION_PERMISSIONS;
  const member = members.find((m) => m.user.id === user.id && m.accepted !== false) ?? null;
  const staff = isStaff(user);
  const own = member ? ((of === 'project' ? member.permissions : member.organization_permissions) ?? 0) : 0;
  const permissions = staff || member?.is_owner ? all : own;
  return { member, staff, permissions };
}

export function verdict(user: GuardUser | null | undefined, need: Need): Verdict {
  if (user === undefined) return 'wait';
  if (user === null) return 'sign-in';
  if (need === 'user') return 'allow';
  if (need === 'staff') return isStaff(user) ? 'allow' : 'forbidden';
  if (need === 'admin') return isAdmin(user) ? 'allow' : 'forbidden';
  if (need.team === undefined) return 'wait';
  const a = teamAccess(user, need.team, need.of);
  if (!a.staff && !a.member) return 'forbidden';
  const bits = need.permission ?? 0;
  return (a.permissions & bits) === bits ? 'allow' : 'forbidden';
}
