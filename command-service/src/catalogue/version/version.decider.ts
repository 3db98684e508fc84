import {
  VersionDeleted,
  VersionEdited,
  VersionFileAdded,
  VersionFileRemoved,
  VersionFileTypeChanged,
  VersionPrimaryFileChanged,
  VersionPublished,
  VersionReleaseScheduled,
  type DecidedEvent,
} from '@modshelf/events';
import { conflict, invalidInput, notFound, PROJECT_PERMISSIONS as P, unauthorized } from '@modshelf/contract';
import type { Decider } from '../../kernel/decider';
import { checkGameVersions, checkLoaders } from '../tag-rules';
import type { ProjectAccess, PublishVersion, VersionCommand } from './version.commands';
import { HIDDEN_VERSION_STATUSES, evolveVersion, findFile, initialVersionState, type VersionFile, type VersionState } from './version.state';

/** 404 when the actor cannot see the project or version, 401 without the permission bit. */
export function requireVersionAccess(access: ProjectAccess, bit: number, message: string, s?: VersionState): void {
  if (!access.visible) throw notFound();
  if (s && (!s.exists || s.deleted)) throw notFound();
  if (s && (HIDDEN_VERSION_STATUSES as readonly string[]).includes(s.fields.status) && !access.insider) throw notFound();
  if ((access.permissions & bit) !== bit) throw unauthorized(message);
}

function checkNewFiles(existing: VersionFile[], files: VersionFile[]): void {
  const seen = new Set(existing.map((f) => f.hashes.sha1));
  const names = new Set(existing.map((f) => f.filename));
  for (const f of files) {
    if (seen.has(f.hashes.sha1)) throw invalidInput('Duplicate files are not allowed to be uploaded to Modshelf!');
    if (names.has(f.filename)) throw invalidInput(`A file named '${f.filename}' is already part of this version`);
    seen.add(f.hashes.sha1);
    names.add(f.filename);
  }
}

/** A new version's own rules (its files), which need no state: a project's initial versions are checked before the project is written. */
export function checkPublishable(version: PublishVersion['version']): void {
  const files = version.files;
  if (files.length === 0 && version.status !== 'draft') throw invalidInput('Versions must have at least one file uploaded to them');
  checkNewFiles([], files as VersionFile[]);
  if (files.filter((f) => f.primary).length > 1) throw invalidInput('Only one file can be the primary file');
}

export function decideVersion(c: VersionCommand, s: VersionState): DecidedEvent[] {
  switch (c.kind) {
    case 'publish': {
      requireVersionAccess(c.access, P.UPLOAD_VERSION, "You don't have permission to upload this version!");
      if (s.exists) throw conflict('a version with this id already exists');
      checkPublishable(c.version);
      return [VersionPublished(c.version)];
    }
    case 'edit': {
      requireVersionAccess(c.access, P.UPLOAD_VERSION, "You don't have permission to edit this version!", s);
      checkLoaders(c.project_type, c.changes.loaders);
      checkGameVersions(c.changes.game_versions);
      if (c.dependency_problem) throw invalidInput(c.dependency_problem);
      const changes: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(c.changes)) {
        if (v !== undefined && JSON.stringify(s.fields[k as keyof typeof s.fields]) !== JSON.stringify(v)) changes[k] = v;
      }
      const out: DecidedEvent[] = [];
      if (Object.keys(changes).length) out.push(VersionEdited({ project_id: s.project_id, changes }));
      if (c.primary_file !== undefined) {
        const f = findFile(s, c.primary_file);
        if (!f) throw invalidInput(`No file with hash ${c.primary_file} in this version`);
        if (!f.primary) out.push(VersionPrimaryFileChanged({ project_id: s.project_id, sha1: f.hashes.sha1 }));
      }
      for (const t of c.file_types ?? []) {
        const f = findFile(s, t.hash);
        if (!f) throw invalidInput(`No file with hash ${t.hash} in this version`);
        if (f.file_type !== t.file_type) out.push(VersionFileTypeChanged({ project_id: s.project_id, sha1: f.hashes.sha1, file_type: t.file_type }));
      }
      return out;
    }
    case 'add-files': {
      requireVersionAccess(c.access, P.UPLOAD_VERSION, "You don't have permission to upload files to this version!", s);
      if (c.files.length === 0) throw invalidInput('No files were sent');
      checkNewFiles(s.files, c.files);
      return c.files.map((file) => VersionFileAdded({ project_id: s.project_id, file: { ...file, primary: false } }));
    }
    case 'remove-file': {
      requireVersionAccess(c.access, P.DELETE_VERSION, "You don't have permission to delete this file!", s);
      const f = findFile(s, c.hash);
      if (!f) throw notFound();
      if (s.files.length === 1) {
        throw invalidInput('Versions must have at least one file uploaded to them; delete the version instead');
      }
      return [VersionFileRemoved({ project_id: s.project_id, sha1: f.hashes.sha1 })];
    }
    case 'schedule': {
      requireVersionAccess(c.access, P.UPLOAD_VERSION, "You don't have permission to schedule this version!", s);
      if (Date.parse(c.time) <= Date.parse(c.now)) throw invalidInput('You cannot schedule a version to be released in the past!');
      const project_id = s.project_id;
      if (s.fields.status === 'scheduled' && s.schedule) {
        if (s.schedule.time === c.time && s.schedule.requested_status === c.requested_status) return [];
        return [VersionReleaseScheduled({ project_id, time: c.time, requested_status: c.requested_status, from: s.schedule.from })];
      }
      if (s.fields.status === 'unknown' || s.fields.status === 'scheduled') throw invalidInput(`A ${s.fields.status} version cannot be scheduled`);
      return [
        VersionEdited({ project_id, changes: { status: 'scheduled' } }),
        VersionReleaseScheduled({ project_id, time: c.time, requested_status: c.requested_status, from: s.fields.status }),
      ];
    }
    case 'cancel-schedule': {
      requireVersionAccess(c.access, P.UPLOAD_VERSION, "You don't have permission to schedule this version!", s);
      if (s.fields.status !== 'scheduled' || !s.schedule) throw invalidInput('This version is not scheduled');
      return [VersionEdited({ project_id: s.project_id, changes: { status: s.schedule.from } })];
    }
    case 'release-scheduled': {
      // a second attempt (another replica, a repeated run) finds nothing due: no events
      if (!s.exists || s.deleted || s.fields.status !== 'scheduled' || !s.schedule) return [];
      if (Date.parse(s.schedule.time) > Date.parse(c.now)) return [];
      return [VersionEdited({ project_id: s.project_id, changes: { status: s.schedule.requested_status } })];
    }
    case 'delete': {
      requireVersionAccess(c.access, P.DELETE_VERSION, "You don't have permission to delete this version!", s);
      return [VersionDeleted({ project_id: s.project_id })];
    }
  }
}

export const versionDecider: Decider<VersionCommand, VersionState> = {
  initialState: initialVersionState,
  evolve: evolveVersion,
  decide: decideVersion,
};
