import { z } from 'zod';
import { VERSION_SCHEDULE_STATUSES } from '@modshelf/contract/v2/schedule';
import { defineEvent } from '../registry';
import { fileType, id, isoTime, versionFields, versionFile, versionStatus } from './fields';

/** Stream: version-<version_id>. */
export const versionStream = (versionId: string) => `version-${versionId}`;

export const VersionPublished = defineEvent(
  'VersionPublished',
  1,
  versionFields.extend({
    version_id: id,
    project_id: id,
    author_id: id,
    date_published: isoTime,
    files: z.array(versionFile),
  }),
);
export const VersionEdited = defineEvent('VersionEdited', 1, z.object({ project_id: id, changes: versionFields.partial() }));
/** The statuses a scheduled version may be released into: the wire's. */
export { VERSION_SCHEDULE_STATUSES };
/**
 * A release time was set (or moved): the version shows `scheduled` until `time`, then the
 * scheduler moves it to `requested_status`; `from` is where cancelling returns it.
 */
export const VersionReleaseScheduled = defineEvent(
  'VersionReleaseScheduled',
  1,
  z.object({ project_id: id, time: isoTime, requested_status: z.enum(VERSION_SCHEDULE_STATUSES), from: versionStatus }),
);
export const VersionFileAdded = defineEvent('VersionFileAdded', 1, z.object({ project_id: id, file: versionFile }));
export const VersionFileRemoved = defineEvent('VersionFileRemoved', 1, z.object({ project_id: id, sha1: z.string() }));
export const VersionPrimaryFileChanged = defineEvent('VersionPrimaryFileChanged', 1, z.object({ project_id: id, sha1: z.string() }));
export const VersionDeleted = defineEvent('VersionDeleted', 1, z.object({ project_id: id }));
/** PATCH /v2/version/{id} `file_types`: the additional-file type of one file changed. */
export const VersionFileTypeChanged = defineEvent('VersionFileTypeChanged', 1, z.object({ project_id: id, sha1: z.string(), file_type: fileType.nullable() }));
