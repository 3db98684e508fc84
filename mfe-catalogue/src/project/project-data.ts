import type { DerivedVersion, Project, TeamMember } from '@modshelf/web-kit';

/** What a project page hands its tabs and its settings: the project, its versions and its team. */
export interface ProjectData {
  project: Project;
  versions: DerivedVersion[];
  members: TeamMember[];
  base: string;
  /** author tabs: whether the team list has arrived, and a reload after a write */
  membersLoaded?: boolean;
  versionsLoaded?: boolean;
  refresh?: () => void;
}
