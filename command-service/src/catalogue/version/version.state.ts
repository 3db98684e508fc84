import type { z } from 'zod';
import {
  VersionDeleted,
  VersionEdited,
  VersionFileAdded,
  VersionFileRemoved,
  VersionFileTypeChanged,
  VersionPrimaryFileChanged,
  VersionPublished,
  VersionReleaseScheduled,
  type RecordedEvent,
  type VERSION_SCHEDULE_STATUSES,
  type fields,
} from '@modshelf/events';

export type VersionFields = z.output<typeof fields.versionFields>;
export type VersionFile = z.output<typeof fields.versionFile>;

export interface VersionState {
  exists: boolean;
  deleted: boolean;
  version_id: string;
  project_id: string;
  author_id: string;
  date_published: string;
  fields: VersionFields;
  files: VersionFile[];
  /** the pending release while the status is `scheduled` */
  schedule: VersionSchedule | null;
}

export interface VersionSchedule {
  time: string;
  requested_status: (typeof VERSION_SCHEDULE_STATUSES)[number];
  /** the status before scheduling (where a cancel returns) */
  from: VersionFields['status'];
}

export const initialVersionState: VersionState = {
  exists: false,
  deleted: false,
  version_id: '',
  project_id: '',
  author_id: '',
  date_published: '',
  fields: {} as VersionFields,
  files: [],
  schedule: null,
};

export function evolveVersion(s: VersionState, e: RecordedEvent): VersionState {
  if (VersionPublished.is(e)) {
    const { version_id, project_id, author_id, date_published, files, ...rest } = e.data;
    return { ...s, exists: true, version_id, project_id, author_id, date_published, files, fields: rest };
  }
  if (VersionEdited.is(e)) {
    const leaves = e.data.changes.status !== undefined && e.data.changes.status !== 'scheduled';
    return { ...s, fields: { ...s.fields, ...e.data.changes }, schedule: leaves ? null : s.schedule };
  }
  if (VersionReleaseScheduled.is(e)) return { ...s, schedule: { time: e.data.time, requested_status: e.data.requested_status, from: e.data.from } };
  if (VersionFileAdded.is(e)) return { ...s, files: [...s.files, e.data.file] };
  if (VersionFileRemoved.is(e)) return { ...s, files: s.files.filter((f) => f.hashes.sha1 !== e.data.sha1) };
  if (VersionPrimaryFileChanged.is(e)) return { ...s, files: s.files.map((f) => ({ ...f, primary: f.hashes.sha1 === e.data.sha1 })) };
  if (VersionFileTypeChanged.is(e)) {
    return { ...s, files: s.files.map((f) => (f.hashes.sha1 === e.data.sha1 ? { ...f, file_type: e.data.file_type } : f)) };
  }
  if (VersionDeleted.is(e)) return { ...s, deleted: true };
  return s;
}

/** Version statuses only the team and staff can see. */
export const HIDDEN_VERSION_STATUSES = ['draft', 'scheduled', 'unknown'] as const;

export function findFile(s: VersionState, hash: string): VersionFile | undefined {
  const h = hash.toLowerCase();
  return s.files.find((f) => f.hashes.sha1 === h || f.hashes.sha512 === h);
}
