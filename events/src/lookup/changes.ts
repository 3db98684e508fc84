import { OrganizationCreated, OrganizationDeleted, OrganizationEdited, OrganizationProjectAdded, OrganizationProjectRemoved } from '../catalogue/organization';
import { ProjectCreated, ProjectDeleted, ProjectEdited } from '../catalogue/project';
import { UserDeleted, UserProfileEdited, UserRegistered } from '../catalogue/user';
import { VersionDeleted, VersionFileAdded, VersionFileRemoved, VersionPublished } from '../catalogue/version';
import type { RecordedEvent } from '../envelope';
import { upcast } from '../registry';

/** One change to the lookup index. Names are stored lowercased. */
export type LookupChange =
  | { kind: 'project'; id: string; teamId: string; slug: string; organizationId: string | null }
  | { kind: 'project-slug'; id: string; slug: string }
  | { kind: 'project-deleted'; id: string }
  | { kind: 'version'; id: string; projectId: string; files: Array<{ sha1: string; sha512: string }> }
  | { kind: 'version-file'; versionId: string; sha1: string; sha512: string }
  | { kind: 'version-file-removed'; versionId: string; sha1: string }
  | { kind: 'version-deleted'; id: string }
  | { kind: 'user'; id: string; username: string }
  | { kind: 'user-renamed'; id: string; username: string }
  | { kind: 'user-deleted'; id: string }
  | { kind: 'organization'; id: string; slug: string; teamId: string }
  | { kind: 'organization-slug'; id: string; slug: string }
  | { kind: 'organization-deleted'; id: string }
  | { kind: 'organization-project'; organizationId: string; projectId: string }
  | { kind: 'organization-project-removed'; organizationId: string; projectId: string };

/** The event types the lookup reads. */
export const LOOKUP_EVENT_TYPES = [
  ProjectCreated,
  ProjectEdited,
  ProjectDeleted,
  VersionPublished,
  VersionFileAdded,
  VersionFileRemoved,
  VersionDeleted,
  UserRegistered,
  UserProfileEdited,
  UserDeleted,
  OrganizationCreated,
  OrganizationEdited,
  OrganizationDeleted,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
].map((d) => d.type);

const after = (streamId: string, prefix: string) => streamId.slice(prefix.length);

/** The lookup's projection: a pure function from one recorded event to the index changes it makes. */
export function lookupChanges(recorded: RecordedEvent): LookupChange[] {
  const e = upcast(recorded);
  if (ProjectCreated.is(e)) {
    const d = e.data;
    return [{ kind: 'project', id: d.project_id, teamId: d.team_id, slug: d.slug, organizationId: d.organization_id }];
  }
  if (ProjectEdited.is(e)) {
    return e.data.changes.slug ? [{ kind: 'project-slug', id: after(e.streamId, 'project-'), slug: e.data.changes.slug }] : [];
  }
  if (ProjectDeleted.is(e)) return [{ kind: 'project-deleted', id: e.data.project_id }];
  if (VersionPublished.is(e)) {
    const d = e.data;
    return [{ kind: 'version', id: d.version_id, projectId: d.project_id, files: d.files.map((f) => ({ sha1: f.hashes.sha1, sha512: f.hashes.sha512 })) }];
  }
  if (VersionFileAdded.is(e)) {
    const { sha1, sha512 } = e.data.file.hashes;
    return [{ kind: 'version-file', versionId: after(e.streamId, 'version-'), sha1, sha512 }];
  }
  if (VersionFileRemoved.is(e)) return [{ kind: 'version-file-removed', versionId: after(e.streamId, 'version-'), sha1: e.data.sha1 }];
  if (VersionDeleted.is(e)) return [{ kind: 'version-deleted', id: after(e.streamId, 'version-') }];
  if (UserRegistered.is(e)) return [{ kind: 'user', id: e.data.user_id, username: e.data.username }];
  if (UserProfileEdited.is(e)) {
    return e.data.changes.username ? [{ kind: 'user-renamed', id: after(e.streamId, 'user-'), username: e.data.changes.username }] : [];
  }
  if (UserDeleted.is(e)) return [{ kind: 'user-deleted', id: after(e.streamId, 'user-') }];
  if (!e.streamId.startsWith('organization-')) return [];
  const oid = after(e.streamId, 'organization-');
  if (OrganizationCreated.is(e)) return [{ kind: 'organization', id: oid, slug: e.data.slug, teamId: e.data.team_id }];
  if (OrganizationEdited.is(e)) return e.data.changes.slug ? [{ kind: 'organization-slug', id: oid, slug: e.data.changes.slug }] : [];
  if (OrganizationDeleted.is(e)) return [{ kind: 'organization-deleted', id: oid }];
  if (OrganizationProjectAdded.is(e)) return [{ kind: 'organization-project', organizationId: oid, projectId: e.data.project_id }];
  if (OrganizationProjectRemoved.is(e)) return [{ kind: 'organization-project-removed', organizationId: oid, projectId: e.data.project_id }];
  return [];
}
