import type { z } from 'zod';
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
  type RecordedEvent,
  type fields,
  type PROJECT_SCHEDULE_STATUSES,
} from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS, notFound, projectPermissionsOf, seesHiddenProject, unauthorized, type TeamStanding } from '@modshelf/contract';
import { isStaff, type CommandActor } from '../actor';
import { HIDDEN_PROJECT_STATUSES, type ProjectStatus } from '../project-status-transitions';
import type { ProjectType } from '../tag-rules';

export type ProjectFields = z.output<typeof fields.projectFields>;
export type GalleryImage = z.output<typeof fields.galleryImage>;

export interface Member {
  user_id: string;
  role: string;
  permissions: number;
  ordering: number;
  accepted: boolean;
  is_owner: boolean;
}

export interface ProjectState {
  exists: boolean;
  deleted: boolean;
  project_id: string;
  team_id: string;
  project_type: ProjectType;
  owner_id: string;
  thread_id: string;
  status: ProjectStatus;
  fields: ProjectFields;
  icon_url: string | null;
  color: number | null;
  gallery: GalleryImage[];
  members: Member[];
  /** the pending release while the status is `scheduled` */
  schedule: ProjectSchedule | null;
  /**
   * The organization that owns the project, with its team, as read when the command runs (not folded from the
   * project's stream: `withOrganization` attaches it); null when the project has no organization.
   */
  organization: ProjectOrganization | null;
}

export interface ProjectOrganization {
  organization_id: string;
  members: readonly (TeamStanding & { user_id: string })[];
}

export interface ProjectSchedule {
  time: string;
  requested_status: (typeof PROJECT_SCHEDULE_STATUSES)[number];
  /** the status before scheduling (where a cancel returns) */
  from: ProjectStatus;
}

export const initialProjectState: ProjectState = {
  exists: false,
  deleted: false,
  project_id: '',
  team_id: '',
  project_type: 'mod',
  owner_id: '',
  thread_id: '',
  status: 'draft',
  fields: {} as ProjectFields,
  icon_url: null,
  color: null,
  gallery: [],
  members: [],
  schedule: null,
  organization: null,
};

const mapMember = (s: ProjectState, userId: string, f: (m: Member) => Member): Member[] => s.members.map((m) => (m.user_id === userId ? f(m) : m));

export function evolveProject(s: ProjectState, e: RecordedEvent): ProjectState {
  if (ProjectCreated.is(e)) {
    const { project_id, team_id, project_type, owner_id, organization_id: _o, thread_id, status, published: _p, ...rest } = e.data;
    return { ...s, exists: true, project_id, team_id, project_type, owner_id, thread_id, status, fields: rest };
  }
  if (ProjectEdited.is(e)) return { ...s, fields: { ...s.fields, ...e.data.changes } };
  if (ProjectStatusChanged.is(e)) {
    const fields = e.data.moderator_message === undefined ? s.fields : { ...s.fields, moderator_message: e.data.moderator_message };
    return { ...s, status: e.data.to, fields, schedule: e.data.to === 'scheduled' ? s.schedule : null };
  }
  if (ProjectReleaseScheduled.is(e)) {
    return { ...s, schedule: { time: e.data.time, requested_status: e.data.requested_status, from: e.data.from } };
  }
  if (ProjectIconChanged.is(e)) return { ...s, icon_url: e.data.icon_url, color: e.data.color };
  if (GalleryImageAdded.is(e)) return { ...s, gallery: [...s.gallery, e.data] };
  if (GalleryImageEdited.is(e)) {
    const { url, ...changes } = e.data;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return { ...s, gallery: s.gallery.map((g) => (g.url === url ? { ...g, ...defined } : g)) };
  }
  if (GalleryImageRemoved.is(e)) return { ...s, gallery: s.gallery.filter((g) => g.url !== e.data.url) };
  if (TeamMemberAdded.is(e)) return { ...s, members: [...s.members.filter((m) => m.user_id !== e.data.user_id), e.data] };
  if (TeamMemberEdited.is(e)) {
    const { user_id, ...changes } = e.data;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return { ...s, members: mapMember(s, user_id, (m) => ({ ...m, ...defined })) };
  }
  if (TeamInviteAccepted.is(e)) return { ...s, members: mapMember(s, e.data.user_id, (m) => ({ ...m, accepted: true })) };
  if (TeamMemberRemoved.is(e)) return { ...s, members: s.members.filter((m) => m.user_id !== e.data.user_id) };
  if (ProjectOwnershipTransferred.is(e)) {
    return {
      ...s,
      owner_id: e.data.to,
      members: s.members.map((m) =>
        m.user_id === e.data.to
          ? { ...m, is_owner: true, accepted: true, permissions: ALL_PROJECT_PERMISSIONS }
          : m.user_id === e.data.from
            ? { ...m, is_owner: false }
            : m,
      ),
    };
  }
  if (ProjectDeleted.is(e)) return { ...s, deleted: true };
  return s;
}

export function memberOf(s: ProjectState, userId: string): Member | undefined {
  return s.members.find((m) => m.user_id === userId);
}

/**
 * Project permission bits the actor holds: staff hold all; otherwise the contract's rule (an accepted project team
 * entry, else an accepted entry on the owning organization's team; owners all; pending invitees none).
 */
export function permissionsOf(s: ProjectState, actor: CommandActor | null): number {
  if (!actor) return 0;
  if (isStaff(actor)) return ALL_PROJECT_PERMISSIONS;
  return projectPermissionsOf(memberOf(s, actor.userId), organizationMemberOf(s, actor.userId));
}

/** The user's entry on the team of the organization that owns the project. */
export const organizationMemberOf = (s: ProjectState, userId: string): TeamStanding | undefined => s.organization?.members.find((m) => m.user_id === userId);

/** Whether the actor may see the project at all: hidden projects answer 404 to all but staff, the team and the owning organization's accepted members. */
export function canSeeProject(s: ProjectState, actor: CommandActor | null): boolean {
  if (!s.exists || s.deleted) return false;
  if (!HIDDEN_PROJECT_STATUSES.includes(s.status)) return true;
  if (!actor) return false;
  return isStaff(actor) || seesHiddenProject(memberOf(s, actor.userId), organizationMemberOf(s, actor.userId));
}

export const hasPermission = (perms: number, bit: number) => (perms & bit) === bit;

/** 404 when the actor cannot see the project; 401 (Modrinth's answer) when it lacks the permission bit. */
export function requireProjectPermission(s: ProjectState, actor: CommandActor, bit: number, message: string): number {
  if (!canSeeProject(s, actor)) throw notFound();
  const perms = permissionsOf(s, actor);
  if (!hasPermission(perms, bit)) throw unauthorized(message);
  return perms;
}

export function requireVisibleProject(s: ProjectState, actor: CommandActor | null): void {
  if (!canSeeProject(s, actor)) throw notFound();
}
