import {
  GalleryImageAdded,
  GalleryImageEdited,
  GalleryImageRemoved,
  ProjectCreated,
  ProjectDeleted,
  ProjectEdited,
  ProjectIconChanged,
  ProjectOwnershipTransferred,
  ProjectReleaseScheduled,
  ProjectStatusChanged,
  TeamInviteAccepted,
  TeamMemberAdded,
  TeamMemberEdited,
  TeamMemberRemoved,
  type DecidedEvent,
} from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS, conflict, invalidInput, notFound, PROJECT_PERMISSIONS as P, unauthorized } from '@modshelf/contract';
import type { Decider } from '../../kernel/decider';
import { isStaff } from '../actor';
import { APPROVED_TYPE, canTransition, isKnownTransition } from '../project-status-transitions';
import type { EditProject, EditGalleryImage, ProjectCommand, ScheduleProject } from './project.commands';
import {
  canSeeProject,
  evolveProject,
  initialProjectState,
  memberOf,
  permissionsOf,
  requireProjectPermission,
  type ProjectFields,
  type ProjectState,
} from './project.state';

const denied = (message: string) => unauthorized(message);

const STAFF_ONLY_FIELDS: (keyof ProjectFields)[] = ['moderator_message', 'moderator_message_body', 'monetization_status'];

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function decideEdit(c: EditProject, s: ProjectState): DecidedEvent[] {
  const staff = isStaff(c.actor);
  if (!canSeeProject(s, c.actor)) throw notFound();
  const perms = permissionsOf(s, c.actor);
  const changes: Partial<ProjectFields> = {};
  const requested = { ...c.changes, ...(c.derive ? c.derive(s.fields, s.project_type) : {}) };
  for (const [k, v] of Object.entries(requested) as [keyof ProjectFields, unknown][]) {
    if (v === undefined) continue;
    if (STAFF_ONLY_FIELDS.includes(k) && !staff) {
      throw denied(
        `You do not have the permissions to edit the ${k === 'monetization_status' ? 'monetization status' : 'moderation message'} of this project!`,
      );
    }
    if (k === 'body') {
      if ((perms & P.EDIT_BODY) === 0) throw denied('You do not have the permissions to edit the body of this project!');
    } else if ((perms & P.EDIT_DETAILS) === 0) {
      throw denied(`You do not have the permissions to edit the ${k} of this project!`);
    }
    if (!same(s.fields[k], v)) (changes as Record<string, unknown>)[k] = v;
  }
  const out: DecidedEvent[] = [];
  if (Object.keys(changes).length > 0) out.push(ProjectEdited({ changes }));
  if (c.status !== undefined && c.status !== s.status) {
    if ((perms & P.EDIT_DETAILS) === 0) throw denied('You do not have the permissions to edit the status of this project!');
    const from = s.status;
    const to = c.status;
    if (!isKnownTransition(from, to)) throw invalidInput(`A ${from} project cannot be set to ${to}`);
    if (!canTransition(from, to, staff ? 'staff' : 'team')) throw denied("You don't have permission to set this status!");
    if (to === 'processing' && c.versionCount === 0) throw invalidInput('Project submitted for review with no initial versions');
    // a resubmission clears the moderators' last message, as Modrinth does
    const moderator_message = to === 'processing' ? null : staff ? c.changes.moderator_message : undefined;
    out.push(ProjectStatusChanged({ from, to, ...(moderator_message !== undefined ? { moderator_message } : {}) }));
  }
  return out;
}

/**
 * Scheduling needs a project past review (an approved-type status) or one already scheduled
 * (a reschedule): scheduling never skips moderation. The time must be in the future.
 */
function decideSchedule(c: ScheduleProject, s: ProjectState): DecidedEvent[] {
  requireProjectPermission(s, c.actor, P.EDIT_DETAILS, "You don't have permission to schedule this project!");
  if (Date.parse(c.time) <= Date.parse(c.now)) throw invalidInput('You cannot schedule a project to be released in the past!');
  if (s.status === 'scheduled' && s.schedule) {
    if (s.schedule.time === c.time && s.schedule.requested_status === c.requested_status) return [];
    return [ProjectReleaseScheduled({ time: c.time, requested_status: c.requested_status, from: s.schedule.from })];
  }
  if (!APPROVED_TYPE.includes(s.status)) throw invalidInput(`A ${s.status} project cannot be scheduled; it must be approved first`);
  return [
    ProjectStatusChanged({ from: s.status, to: 'scheduled' }),
    ProjectReleaseScheduled({ time: c.time, requested_status: c.requested_status, from: s.status }),
  ];
}

function unfeatureOthers(s: ProjectState, keep: string): DecidedEvent[] {
  return s.gallery.filter((g) => g.featured && g.url !== keep).map((g) => GalleryImageEdited({ url: g.url, featured: false }));
}

function decideEditGallery(c: EditGalleryImage, s: ProjectState): DecidedEvent[] {
  requireProjectPermission(s, c.actor, P.EDIT_DETAILS, 'You do not have the permissions to edit the gallery of this project!');
  const image = s.gallery.find((g) => g.url === c.url);
  if (!image) throw invalidInput(`Gallery item at URL ${c.url} is not part of the project's gallery.`);
  const changes: Record<string, unknown> = {};
  if (c.featured !== undefined && c.featured !== image.featured) changes.featured = c.featured;
  if (c.title !== undefined && c.title !== image.title) changes.title = c.title;
  if (c.description !== undefined && c.description !== image.description) changes.description = c.description;
  if (c.ordering !== undefined && c.ordering !== image.ordering) changes.ordering = c.ordering;
  const out = c.featured ? unfeatureOthers(s, c.url) : [];
  if (Object.keys(changes).length) out.push(GalleryImageEdited({ url: c.url, ...changes }));
  return out;
}

function subsetOf(perms: number, of: number): boolean {
  return (perms & ~of & ALL_PROJECT_PERMISSIONS) === 0 && perms <= ALL_PROJECT_PERMISSIONS;
}

export function decideProject(c: ProjectCommand, s: ProjectState): DecidedEvent[] {
  if (c.kind === 'create') {
    if (s.exists) throw conflict('a project with this id already exists');
    return [
      ProjectCreated({
        ...c.fields,
        project_id: c.project_id,
        team_id: c.team_id,
        project_type: c.project_type,
        owner_id: c.actor.userId,
        organization_id: null,
        thread_id: c.thread_id,
        status: c.status,
        published: c.published,
      }),
      TeamMemberAdded({
        user_id: c.actor.userId,
        role: 'Owner',
        permissions: ALL_PROJECT_PERMISSIONS,
        ordering: 0,
        accepted: true,
        is_owner: true,
      }),
      ...(c.icon ? [ProjectIconChanged(c.icon)] : []),
      ...(c.gallery ?? []).map((g) => GalleryImageAdded(g)),
    ];
  }
  switch (c.kind) {
    case 'edit':
      return decideEdit(c, s);
    case 'set-icon': {
      requireProjectPermission(s, c.actor, P.EDIT_DETAILS, "You don't have permission to edit this project's icon.");
      if (s.icon_url === c.icon_url && s.color === c.color) return [];
      return [ProjectIconChanged({ icon_url: c.icon_url, color: c.color })];
    }
    case 'add-gallery-image': {
      requireProjectPermission(s, c.actor, P.EDIT_DETAILS, "You don't have permission to edit this project's gallery.");
      if (s.gallery.some((g) => g.url === c.image.url)) throw invalidInput('This image is already in the gallery');
      return [...(c.image.featured ? unfeatureOthers(s, c.image.url) : []), GalleryImageAdded(c.image)];
    }
    case 'edit-gallery-image':
      return decideEditGallery(c, s);
    case 'remove-gallery-image': {
      requireProjectPermission(s, c.actor, P.EDIT_DETAILS, "You don't have permission to edit this project's gallery.");
      if (!s.gallery.some((g) => g.url === c.url)) throw invalidInput(`Gallery item at URL ${c.url} is not part of the project's gallery.`);
      return [GalleryImageRemoved({ url: c.url })];
    }
    case 'invite-member': {
      const perms = requireProjectPermission(s, c.actor, P.MANAGE_INVITES, 'You do not have permission to invite users to this team');
      if (memberOf(s, c.user_id)) throw invalidInput('User is already a member of that team');
      if (!subsetOf(c.permissions, perms)) {
        throw invalidInput(
          'You do not have permission to give this user default project permissions. Ensure the permissions you are giving are a subset of your own',
        );
      }
      return [
        TeamMemberAdded({
          user_id: c.user_id,
          role: c.role,
          permissions: c.permissions,
          ordering: c.ordering,
          accepted: false,
          is_owner: false,
          ...(c.payouts_split !== undefined ? { payouts_split: c.payouts_split } : {}),
        }),
      ];
    }
    case 'join-team': {
      if (!s.exists || s.deleted) throw notFound();
      const m = memberOf(s, c.actor.userId);
      if (!m) {
        if (!canSeeProject(s, c.actor)) throw notFound();
        throw invalidInput('There is no pending request from this team');
      }
      if (m.accepted) throw invalidInput('You are already a member of this team');
      return [TeamInviteAccepted({ user_id: c.actor.userId })];
    }
    case 'edit-member': {
      const perms = requireProjectPermission(s, c.actor, P.EDIT_MEMBER, "You don't have permission to edit members of this team");
      const m = memberOf(s, c.user_id);
      if (!m) throw invalidInput('The member specified does not belong to the specified team');
      if (m.is_owner && c.permissions !== undefined && c.permissions !== m.permissions) {
        throw invalidInput("The owner's permission's in a team cannot be edited");
      }
      if (c.permissions !== undefined && !subsetOf(c.permissions, perms)) {
        throw invalidInput('You do not have permission to give this user these permissions. Ensure the permissions you are giving are a subset of your own');
      }
      const changes: { role?: string; permissions?: number; ordering?: number; payouts_split?: number } = {};
      if (c.payouts_split !== undefined && c.payouts_split !== (m as { payouts_split?: number }).payouts_split) changes.payouts_split = c.payouts_split;
      if (c.role !== undefined && c.role !== m.role) changes.role = c.role;
      if (c.permissions !== undefined && c.permissions !== m.permissions) changes.permissions = c.permissions;
      if (c.ordering !== undefined && c.ordering !== m.ordering) changes.ordering = c.ordering;
      return Object.keys(changes).length ? [TeamMemberEdited({ user_id: c.user_id, ...changes })] : [];
    }
    case 'remove-member': {
      if (!canSeeProject(s, c.actor)) throw notFound();
      const m = memberOf(s, c.user_id);
      if (!m) throw invalidInput('The member specified does not belong to the specified team');
      if (m.is_owner) throw invalidInput('Cannot remove the owner of a team');
      if (c.user_id !== c.actor.userId) {
        const perms = permissionsOf(s, c.actor);
        const needed = m.accepted ? P.REMOVE_MEMBER : P.MANAGE_INVITES;
        if ((perms & needed) === 0) {
          throw denied(m.accepted ? 'You do not have permission to remove a member from this team' : 'You do not have permission to cancel a team invite');
        }
      }
      return [TeamMemberRemoved({ user_id: c.user_id })];
    }
    case 'transfer-ownership': {
      if (!canSeeProject(s, c.actor)) throw notFound();
      if (c.actor.userId !== s.owner_id && !isStaff(c.actor)) throw denied("You don't have permission to edit the ownership of this team");
      const m = memberOf(s, c.user_id);
      if (!m || !m.accepted) throw invalidInput('The new owner specified does not exist or has not accepted the invite');
      if (m.is_owner) return [];
      return [ProjectOwnershipTransferred({ from: s.owner_id, to: c.user_id })];
    }
    case 'schedule':
      return decideSchedule(c, s);
    case 'cancel-schedule': {
      requireProjectPermission(s, c.actor, P.EDIT_DETAILS, "You don't have permission to schedule this project!");
      if (s.status !== 'scheduled' || !s.schedule) throw invalidInput('This project is not scheduled');
      return [ProjectStatusChanged({ from: 'scheduled', to: s.schedule.from })];
    }
    case 'release-scheduled': {
      // a second attempt (another replica, a repeated run) finds nothing due: no events
      if (!s.exists || s.deleted || s.status !== 'scheduled' || !s.schedule) return [];
      if (Date.parse(s.schedule.time) > Date.parse(c.now)) return [];
      return [ProjectStatusChanged({ from: 'scheduled', to: s.schedule.requested_status })];
    }
    case 'delete': {
      requireProjectPermission(s, c.actor, P.DELETE_PROJECT, "You don't have permission to delete this project!");
      return [ProjectDeleted({ project_id: s.project_id })];
    }
  }
}

export const projectDecider: Decider<ProjectCommand, ProjectState> = {
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
};
