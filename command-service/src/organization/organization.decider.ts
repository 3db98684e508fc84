import {
  OrganizationCreated,
  OrganizationDeleted,
  OrganizationEdited,
  OrganizationIconChanged,
  OrganizationInviteAccepted,
  OrganizationMemberAdded,
  OrganizationMemberEdited,
  OrganizationMemberRemoved,
  OrganizationOwnershipTransferred,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
  type DecidedEvent,
  type RecordedEvent,
} from '@modshelf/events';
import {
  ALL_ORGANIZATION_PERMISSIONS,
  ALL_PROJECT_PERMISSIONS,
  conflict,
  invalidInput,
  notFound,
  ORGANIZATION_PERMISSIONS as O,
  unauthorized,
} from '@modshelf/contract';
import type { Decider } from '../kernel/decider';
import { isStaff, type CommandActor } from '../catalogue/actor';

export interface OrgMember {
  user_id: string;
  role: string;
  permissions: number;
  organization_permissions: number;
  ordering: number;
  accepted: boolean;
  is_owner: boolean;
}

export interface OrganizationState {
  exists: boolean;
  deleted: boolean;
  organization_id: string;
  team_id: string;
  owner_id: string;
  slug: string;
  name: string;
  description: string;
  icon_url: string | null;
  color: number | null;
  members: OrgMember[];
  projects: string[];
}

export const initialOrganizationState: OrganizationState = {
  exists: false,
  deleted: false,
  organization_id: '',
  team_id: '',
  owner_id: '',
  slug: '',
  name: '',
  description: '',
  icon_url: null,
  color: null,
  members: [],
  projects: [],
};

export interface OrganizationChanges {
  slug?: string;
  name?: string;
  description?: string;
}

export type OrganizationCommand =
  | { kind: 'create'; actor: CommandActor; organization_id: string; team_id: string; slug: string; name: string; description: string }
  | { kind: 'edit'; actor: CommandActor; changes: OrganizationChanges }
  | { kind: 'set-icon'; actor: CommandActor; icon_url: string | null; color: number | null }
  | { kind: 'invite'; actor: CommandActor; user_id: string; role: string; permissions: number; organization_permissions: number; ordering: number }
  | { kind: 'join'; actor: CommandActor }
  | { kind: 'edit-member'; actor: CommandActor; user_id: string; role?: string; permissions?: number; organization_permissions?: number; ordering?: number }
  | { kind: 'remove-member'; actor: CommandActor; user_id: string }
  /**
   * `project_rights`: the actor may move the project (owner of it, or staff), checked by the
   * handler on the project's stream; `project_organization`: the organization it is in now.
   */
  | { kind: 'add-project'; actor: CommandActor; project_id: string; project_rights: boolean; project_organization: string | null }
  | { kind: 'remove-project'; actor: CommandActor; project_id: string }
  | { kind: 'transfer-ownership'; actor: CommandActor; user_id: string }
  | { kind: 'delete'; actor: CommandActor };

export const organizationNotFound = () => notFound('The requested organization was not found');

const mapMember = (s: OrganizationState, userId: string, f: (m: OrgMember) => OrgMember) => s.members.map((m) => (m.user_id === userId ? f(m) : m));

export function evolveOrganization(s: OrganizationState, e: RecordedEvent): OrganizationState {
  if (OrganizationCreated.is(e)) {
    const d = e.data;
    return {
      ...s,
      exists: true,
      organization_id: d.organization_id,
      team_id: d.team_id,
      owner_id: d.owner_id,
      slug: d.slug,
      name: d.name,
      description: d.description,
    };
  }
  if (OrganizationEdited.is(e)) {
    const defined = Object.fromEntries(Object.entries(e.data.changes).filter(([, v]) => v !== undefined));
    return { ...s, ...defined };
  }
  if (OrganizationIconChanged.is(e)) return { ...s, icon_url: e.data.icon_url, color: e.data.color };
  if (OrganizationMemberAdded.is(e)) return { ...s, members: [...s.members.filter((m) => m.user_id !== e.data.user_id), e.data] };
  if (OrganizationMemberEdited.is(e)) {
    const { user_id, ...changes } = e.data;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return { ...s, members: mapMember(s, user_id, (m) => ({ ...m, ...defined })) };
  }
  if (OrganizationInviteAccepted.is(e)) return { ...s, members: mapMember(s, e.data.user_id, (m) => ({ ...m, accepted: true })) };
  if (OrganizationMemberRemoved.is(e)) return { ...s, members: s.members.filter((m) => m.user_id !== e.data.user_id) };
  if (OrganizationProjectAdded.is(e)) return { ...s, projects: [...s.projects.filter((p) => p !== e.data.project_id), e.data.project_id] };
  if (OrganizationProjectRemoved.is(e)) return { ...s, projects: s.projects.filter((p) => p !== e.data.project_id) };
  if (OrganizationOwnershipTransferred.is(e)) {
    const { from, to } = e.data;
    return {
      ...s,
      owner_id: to,
      members: s.members.map((m) => {
        if (m.user_id === to) return { ...m, is_owner: true, permissions: ALL_PROJECT_PERMISSIONS, organization_permissions: ALL_ORGANIZATION_PERMISSIONS };
        if (m.user_id === from) return { ...m, is_owner: false };
        return m;
      }),
    };
  }
  if (OrganizationDeleted.is(e)) return { ...s, deleted: true };
  return s;
}

export function orgMemberOf(s: OrganizationState, userId: string): OrgMember | undefined {
  return s.members.find((m) => m.user_id === userId);
}

/** Organization permission bits of the actor: staff and the owner hold all; pending invitees none. */
export function organizationPermissionsOf(s: OrganizationState, actor: CommandActor | null): number {
  if (!actor) return 0;
  if (isStaff(actor)) return ALL_ORGANIZATION_PERMISSIONS;
  const m = orgMemberOf(s, actor.userId);
  if (!m || !m.accepted) return 0;
  return m.is_owner ? ALL_ORGANIZATION_PERMISSIONS : m.organization_permissions;
}

const has = (perms: number, bit: number) => (perms & bit) === bit;

function requirePermission(s: OrganizationState, actor: CommandActor, bit: number, message: string): number {
  if (!s.exists || s.deleted) throw organizationNotFound();
  const perms = organizationPermissionsOf(s, actor);
  if (!has(perms, bit)) throw unauthorized(message);
  return perms;
}

/** Nobody hands out bits they do not hold themselves (Modrinth's rule for team permissions). */
function requireSubset(granted: number, held: number, what: string): void {
  if ((granted & ~held) !== 0) throw unauthorized(`You do not have permission to give this user ${what} they do not have themselves!`);
}

export function decideOrganization(c: OrganizationCommand, s: OrganizationState): DecidedEvent[] {
  if (c.kind === 'create') {
    if (s.exists) throw conflict('This organization already exists');
    return [
      OrganizationCreated({
        organization_id: c.organization_id,
        team_id: c.team_id,
        owner_id: c.actor.userId,
        slug: c.slug,
        name: c.name,
        description: c.description,
      }),
      OrganizationMemberAdded({
        user_id: c.actor.userId,
        role: 'Owner',
        permissions: ALL_PROJECT_PERMISSIONS,
        organization_permissions: ALL_ORGANIZATION_PERMISSIONS,
        ordering: 0,
        accepted: true,
        is_owner: true,
      }),
    ];
  }
  if (!s.exists || s.deleted) throw organizationNotFound();
  switch (c.kind) {
    case 'edit': {
      requirePermission(s, c.actor, O.EDIT_DETAILS, 'You do not have the permissions to edit this organization!');
      const changes: OrganizationChanges = {};
      for (const k of ['slug', 'name', 'description'] as const) if (c.changes[k] !== undefined && c.changes[k] !== s[k]) changes[k] = c.changes[k];
      return Object.keys(changes).length ? [OrganizationEdited({ changes })] : [];
    }
    case 'set-icon': {
      requirePermission(s, c.actor, O.EDIT_DETAILS, "You don't have permission to edit this organization's icon.");
      if (s.icon_url === c.icon_url && s.color === c.color) return [];
      return [OrganizationIconChanged({ icon_url: c.icon_url, color: c.color })];
    }
    case 'invite': {
      const held = requirePermission(s, c.actor, O.MANAGE_INVITES, 'You do not have permission to invite users to this organization!');
      const existing = orgMemberOf(s, c.user_id);
      if (existing)
        throw invalidInput(
          existing.accepted ? 'This user is already a member of this organization!' : 'This user already has a pending invite to this organization!',
        );
      requireSubset(c.organization_permissions, held, 'organization permissions');
      return [
        OrganizationMemberAdded({
          user_id: c.user_id,
          role: c.role,
          permissions: c.permissions,
          organization_permissions: c.organization_permissions,
          ordering: c.ordering,
          accepted: false,
          is_owner: false,
        }),
      ];
    }
    case 'join': {
      const m = orgMemberOf(s, c.actor.userId);
      if (!m) throw organizationNotFound();
      if (m.accepted) throw invalidInput('You are already a member of this organization');
      return [OrganizationInviteAccepted({ user_id: c.actor.userId })];
    }
    case 'edit-member': {
      const held = requirePermission(s, c.actor, O.EDIT_MEMBER, 'You do not have permission to edit members of this organization!');
      const m = orgMemberOf(s, c.user_id);
      if (!m) throw notFound('The member was not found in this organization');
      if (m.is_owner && (c.permissions !== undefined || c.organization_permissions !== undefined)) {
        throw invalidInput("The owner's permissions cannot be changed");
      }
      if (c.organization_permissions !== undefined) requireSubset(c.organization_permissions, held, 'organization permissions');
      const ev: { user_id: string; role?: string; permissions?: number; organization_permissions?: number; ordering?: number } = { user_id: c.user_id };
      if (c.role !== undefined && c.role !== m.role) ev.role = c.role;
      if (c.permissions !== undefined && c.permissions !== m.permissions) ev.permissions = c.permissions;
      if (c.organization_permissions !== undefined && c.organization_permissions !== m.organization_permissions)
        ev.organization_permissions = c.organization_permissions;
      if (c.ordering !== undefined && c.ordering !== m.ordering) ev.ordering = c.ordering;
      return Object.keys(ev).length > 1 ? [OrganizationMemberEdited(ev)] : [];
    }
    case 'remove-member': {
      const m = orgMemberOf(s, c.user_id);
      if (!m) throw notFound('The member was not found in this organization');
      if (m.is_owner) throw invalidInput('The owner cannot be removed from the organization');
      if (c.user_id !== c.actor.userId) {
        // declining/cancelling an invite needs MANAGE_INVITES; removing a member REMOVE_MEMBER; leaving needs nothing
        const bit = m.accepted ? O.REMOVE_MEMBER : O.MANAGE_INVITES;
        requirePermission(s, c.actor, bit, 'You do not have permission to remove this member from the organization!');
      }
      return [OrganizationMemberRemoved({ user_id: c.user_id })];
    }
    case 'add-project': {
      requirePermission(s, c.actor, O.ADD_PROJECT, 'You do not have permission to add projects to this organization!');
      if (!c.project_rights) throw unauthorized('You need to be an owner of a project to add it to an organization!');
      if (s.projects.includes(c.project_id) || c.project_organization === s.organization_id) {
        throw invalidInput('The specified project is already owned by this organization!');
      }
      if (c.project_organization !== null) throw invalidInput('The specified project is already owned by an organization!');
      return [OrganizationProjectAdded({ project_id: c.project_id })];
    }
    case 'remove-project': {
      requirePermission(s, c.actor, O.REMOVE_PROJECT, 'You do not have permission to remove projects from this organization!');
      if (!s.projects.includes(c.project_id)) throw invalidInput('The specified project is not owned by this organization!');
      return [OrganizationProjectRemoved({ project_id: c.project_id })];
    }
    case 'transfer-ownership': {
      // Modrinth's rule: only the owner (or staff) hands the organization over, to an accepted member
      if (c.actor.userId !== s.owner_id && !isStaff(c.actor)) throw unauthorized("You don't have permission to edit the ownership of this team");
      const m = orgMemberOf(s, c.user_id);
      if (!m || !m.accepted) throw invalidInput('The new owner specified does not exist or has not accepted the invite');
      if (m.is_owner) return [];
      return [OrganizationOwnershipTransferred({ from: s.owner_id, to: c.user_id })];
    }
    case 'delete': {
      requirePermission(s, c.actor, O.DELETE_ORGANIZATION, 'You do not have permission to delete this organization!');
      return [OrganizationDeleted({ organization_id: s.organization_id })];
    }
  }
}

export const organizationDecider: Decider<OrganizationCommand, OrganizationState> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
