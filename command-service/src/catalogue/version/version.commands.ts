import type { z } from 'zod';
import type { VersionPublished, fields } from '@modshelf/events';
import type { CommandActor } from '../actor';
import type { ProjectType } from '../tag-rules';
import type { VersionFields, VersionFile, VersionSchedule } from './version.state';

/** What the project says about the actor (the handler folds the project stream to learn it). */
export interface ProjectAccess {
  /** the project exists and the actor may see it */
  visible: boolean;
  /** team member (any state) or staff: may see hidden versions */
  insider: boolean;
  /** the actor's team permission bits on the project */
  permissions: number;
}

export interface PublishVersion {
  kind: 'publish';
  actor: CommandActor;
  access: ProjectAccess;
  version: z.input<typeof VersionPublished.schema>;
}
export interface EditVersion {
  kind: 'edit';
  actor: CommandActor;
  access: ProjectAccess;
  changes: Partial<VersionFields>;
  /** sha1 or sha512 of the file to make primary */
  primary_file?: string;
  file_types?: { hash: string; file_type: z.output<typeof fields.fileType> | null }[];
  /** the project's type (which loaders it accepts) */
  project_type: ProjectType;
  /** why a changed dependency cannot be (it names no version, project or file, or one that does not exist); the handler looks them up */
  dependency_problem: string | null;
}
export interface AddVersionFiles {
  kind: 'add-files';
  actor: CommandActor;
  access: ProjectAccess;
  files: VersionFile[];
}
export interface RemoveVersionFile {
  kind: 'remove-file';
  actor: CommandActor;
  access: ProjectAccess;
  hash: string;
}
export interface DeleteVersion {
  kind: 'delete';
  actor: CommandActor;
  access: ProjectAccess;
}

/** Set or move the release time (UPLOAD_VERSION). `now` is the caller's clock. */
export interface ScheduleVersion {
  kind: 'schedule';
  actor: CommandActor;
  access: ProjectAccess;
  time: string;
  requested_status: VersionSchedule['requested_status'];
  now: string;
}
/** Call a scheduled release off: back to the status before scheduling. */
export interface CancelVersionSchedule {
  kind: 'cancel-schedule';
  actor: CommandActor;
  access: ProjectAccess;
}
/** The scheduler's command: release when the schedule is due at `now`; nothing otherwise. */
export interface ReleaseScheduledVersion {
  kind: 'release-scheduled';
  now: string;
}

export type VersionCommand =
  PublishVersion | EditVersion | AddVersionFiles | RemoveVersionFile | DeleteVersion | ScheduleVersion | CancelVersionSchedule | ReleaseScheduledVersion;
