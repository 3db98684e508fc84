import { z } from 'zod';
import { PROJECT_SCHEDULE_STATUSES } from '@modshelf/contract/v2/schedule';
import { defineEvent, defineUpcaster } from '../registry';
import { galleryImage, id, isoTime, nullableUrl, projectFields, projectStatus, projectType } from './fields';

/** Stream: project-<project_id>. */
export const projectStream = (projectId: string) => `project-${projectId}`;

export const ProjectCreated = defineEvent(
  'ProjectCreated',
  2,
  projectFields.extend({
    project_id: id,
    team_id: id,
    project_type: projectType,
    owner_id: id,
    organization_id: id.nullable(),
    thread_id: id,
    status: projectStatus,
    published: isoTime,
  }),
);
/** v1 had one `side` field; v2 splits it into client_side and server_side. */
defineUpcaster('ProjectCreated', 1, (d: Record<string, unknown>) => {
  const { side, ...rest } = d;
  return {
    ...rest,
    client_side: side === 'client' || side === 'both' ? 'required' : 'unsupported',
    server_side: side === 'server' || side === 'both' ? 'required' : 'unsupported',
  };
});

export const ProjectEdited = defineEvent('ProjectEdited', 1, z.object({ changes: projectFields.partial() }));

export const ProjectIconChanged = defineEvent('ProjectIconChanged', 1, z.object({ icon_url: nullableUrl, color: z.number().int().nullable() }));

export const GalleryImageAdded = defineEvent('GalleryImageAdded', 1, galleryImage);
export const GalleryImageEdited = defineEvent(
  'GalleryImageEdited',
  1,
  galleryImage.pick({ featured: true, title: true, description: true, ordering: true }).partial().extend({ url: z.string() }),
);
export const GalleryImageRemoved = defineEvent('GalleryImageRemoved', 1, z.object({ url: z.string() }));

/** A status transition; the allowed pairs live in command-service's transition table. */
export const ProjectStatusChanged = defineEvent(
  'ProjectStatusChanged',
  1,
  z.object({ from: projectStatus, to: projectStatus, moderator_message: z.string().nullable().optional() }),
);

/** The statuses a scheduled project may be released into (Modrinth's Schedule.requested_status): the wire's. */
export { PROJECT_SCHEDULE_STATUSES };

/**
 * A release time was set (or moved): the project shows `scheduled` until `time`, then the
 * scheduler moves it to `requested_status`. `from` is the status it had before scheduling,
 * where cancelling returns it.
 */
export const ProjectReleaseScheduled = defineEvent(
  'ProjectReleaseScheduled',
  1,
  z.object({ time: isoTime, requested_status: z.enum(PROJECT_SCHEDULE_STATUSES), from: projectStatus }),
);

export const TeamMemberAdded = defineEvent(
  'TeamMemberAdded',
  1,
  z.object({
    user_id: id,
    role: z.string().max(64),
    permissions: z.number().int().nonnegative(),
    ordering: z.number().int(),
    accepted: z.boolean(),
    is_owner: z.boolean(),
    /** share of the project's revenue, 0-100 (absent: the owner 100, others 0) */
    payouts_split: z.number().min(0).max(100).optional(),
  }),
);
export const TeamMemberEdited = defineEvent(
  'TeamMemberEdited',
  1,
  z.object({
    user_id: id,
    role: z.string().max(64).optional(),
    permissions: z.number().int().nonnegative().optional(),
    ordering: z.number().int().optional(),
    payouts_split: z.number().min(0).max(100).optional(),
  }),
);
export const TeamInviteAccepted = defineEvent('TeamInviteAccepted', 1, z.object({ user_id: id }));
export const TeamMemberRemoved = defineEvent('TeamMemberRemoved', 1, z.object({ user_id: id }));
export const ProjectOwnershipTransferred = defineEvent('ProjectOwnershipTransferred', 1, z.object({ from: id, to: id }));

export const ProjectDeleted = defineEvent('ProjectDeleted', 1, z.object({ project_id: id }));

/** Stream: downloads-<project_id>. Deduplicated downloads, flushed in batches (as Modrinth's 15 s queue). */
export const downloadsStream = (projectId: string) => `downloads-${projectId}`;
export const DownloadsCounted = defineEvent('DownloadsCounted', 1, z.object({ project_id: id, version_id: id.nullable(), count: z.number().int().positive() }));
