import type { CommandActor } from '../actor';
import type { ProjectStatus } from '../project-status-transitions';
import type { ProjectType } from '../tag-rules';
import type { GalleryImage, ProjectFields, ProjectSchedule } from './project.state';

export interface CreateProject {
  kind: 'create';
  actor: CommandActor;
  project_id: string;
  team_id: string;
  thread_id: string;
  project_type: ProjectType;
  status: 'draft' | 'processing';
  published: string;
  fields: ProjectFields;
  icon?: { icon_url: string; color: number | null };
  gallery?: GalleryImage[];
}
export interface EditProject {
  kind: 'edit';
  actor: CommandActor;
  changes: Partial<ProjectFields>;
  /**
   * Changes that depend on the current fields (license url only, add/remove categories, ...):
   * a pure function of the state, applied (and validated) after the visibility check.
   */
  derive?: (current: ProjectFields, projectType: ProjectType) => Partial<ProjectFields>;
  status?: ProjectStatus;
  /** live versions of the project (submitting for review needs one); read only when `status` is set */
  versionCount: number;
}
export interface SetProjectIcon {
  kind: 'set-icon';
  actor: CommandActor;
  icon_url: string | null;
  color: number | null;
}
export interface AddGalleryImage {
  kind: 'add-gallery-image';
  actor: CommandActor;
  image: GalleryImage;
}
export interface EditGalleryImage {
  kind: 'edit-gallery-image';
  actor: CommandActor;
  url: string;
  featured?: boolean;
  title?: string | null;
  description?: string | null;
  ordering?: number;
}
export interface RemoveGalleryImage {
  kind: 'remove-gallery-image';
  actor: CommandActor;
  url: string;
}
export interface InviteMember {
  kind: 'invite-member';
  actor: CommandActor;
  user_id: string;
  role: string;
  permissions: number;
  ordering: number;
  payouts_split?: number;
}
export interface JoinTeam {
  kind: 'join-team';
  actor: CommandActor;
}
export interface EditMember {
  kind: 'edit-member';
  actor: CommandActor;
  user_id: string;
  role?: string;
  permissions?: number;
  ordering?: number;
  payouts_split?: number;
}
export interface RemoveMember {
  kind: 'remove-member';
  actor: CommandActor;
  user_id: string;
}
export interface TransferOwnership {
  kind: 'transfer-ownership';
  actor: CommandActor;
  user_id: string;
}
export interface DeleteProject {
  kind: 'delete';
  actor: CommandActor;
}

/** Set or move the release time (the team, with EDIT_DETAILS). `now` is the caller's clock. */
export interface ScheduleProject {
  kind: 'schedule';
  actor: CommandActor;
  time: string;
  requested_status: ProjectSchedule['requested_status'];
  now: string;
}
/** Call a scheduled release off: back to the status before scheduling. */
export interface CancelProjectSchedule {
  kind: 'cancel-schedule';
  actor: CommandActor;
}
/** The scheduler's command: release when the schedule is due at `now`; nothing otherwise. */
export interface ReleaseScheduledProject {
  kind: 'release-scheduled';
  now: string;
}

export type ProjectCommand =
  | CreateProject
  | EditProject
  | SetProjectIcon
  | AddGalleryImage
  | EditGalleryImage
  | RemoveGalleryImage
  | InviteMember
  | JoinTeam
  | EditMember
  | RemoveMember
  | TransferOwnership
  | DeleteProject
  | ScheduleProject
  | CancelProjectSchedule
  | ReleaseScheduledProject;
