import {
  OrganizationCreated,
  OrganizationDeleted,
  OrganizationEdited,
  OrganizationIconChanged,
  OrganizationInviteAccepted,
  OrganizationMemberAdded,
  OrganizationMemberEdited,
  OrganizationMemberRemoved,
  OrganizationOwnershipTransferred,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
  ProjectCreated,
  type RecordedEvent,
} from '@modshelf/events';
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS } from '@modshelf/contract';
import type { OrganizationDoc, OrganizationMemberDoc } from '../read-model/community-documents';
import type { ProjectDoc } from '../read-model/documents';
import { defineProjector, documentProjection, noJoin, streamEntity, streamIds, typesOf, withChanges, type ReadView } from './evolve';

function sortMembers(members: OrganizationMemberDoc[]): OrganizationMemberDoc[] {
  return members.sort((a, b) => Number(b.is_owner) - Number(a.is_owner) || a.ordering - b.ordering || (a.user_id < b.user_id ? -1 : 1));
}

/** An organization after an event of its stream, or a project created in it (null: deleted, or never created). */
export function evolveOrganization(o: OrganizationDoc | null, e: RecordedEvent, id: string): OrganizationDoc | null {
  if (OrganizationCreated.is(e)) {
    const d = e.data;
    return {
      id,
      slug: d.slug,
      name: d.name,
      team_id: d.team_id,
      description: d.description,
      icon_url: null,
      color: null,
      owner_id: d.owner_id,
      members: [],
      projects: [],
      created: e.metadata.time,
    };
  }
  if (!o) return o;
  if (ProjectCreated.is(e)) return o.projects.includes(e.data.project_id) ? o : { ...o, projects: [...o.projects, e.data.project_id] };
  if (OrganizationEdited.is(e)) {
    const ch = e.data.changes;
    return {
      ...o,
      slug: ch.slug !== undefined ? ch.slug : o.slug,
      name: ch.name !== undefined ? ch.name : o.name,
      description: ch.description !== undefined ? ch.description : o.description,
    };
  }
  if (OrganizationIconChanged.is(e)) return { ...o, icon_url: e.data.icon_url, color: e.data.color };
  if (OrganizationMemberAdded.is(e)) return { ...o, members: sortMembers([...o.members.filter((m) => m.user_id !== e.data.user_id), { ...e.data }]) };
  if (OrganizationMemberEdited.is(e)) {
    const { user_id, ...changes } = e.data;
    return { ...o, members: sortMembers(o.members.map((m) => (m.user_id === user_id ? withChanges(m, changes) : m))) };
  }
  if (OrganizationInviteAccepted.is(e)) return { ...o, members: o.members.map((m) => (m.user_id === e.data.user_id ? { ...m, accepted: true } : m)) };
  if (OrganizationMemberRemoved.is(e)) return { ...o, members: o.members.filter((m) => m.user_id !== e.data.user_id) };
  if (OrganizationProjectAdded.is(e)) return o.projects.includes(e.data.project_id) ? { ...o } : { ...o, projects: [...o.projects, e.data.project_id] };
  if (OrganizationProjectRemoved.is(e)) return { ...o, projects: o.projects.filter((p) => p !== e.data.project_id) };
  if (OrganizationOwnershipTransferred.is(e)) {
    const { from, to } = e.data;
    const members = o.members.map((m) => {
      if (m.user_id === to) return { ...m, is_owner: true, permissions: ALL_PROJECT_PERMISSIONS, organization_permissions: ALL_ORGANIZATION_PERMISSIONS };
      return m.user_id === from ? { ...m, is_owner: false } : m;
    });
    return { ...o, owner_id: to, members: sortMembers(members) };
  }
  if (OrganizationDeleted.is(e)) return null;
  return o;
}

const ORGANIZATION_STREAM = [
  OrganizationCreated,
  OrganizationEdited,
  OrganizationIconChanged,
  OrganizationMemberAdded,
  OrganizationMemberEdited,
  OrganizationInviteAccepted,
  OrganizationMemberRemoved,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
  OrganizationOwnershipTransferred,
  OrganizationDeleted,
];

const organizations = documentProjection({
  collection: 'organizations',
  canHandle: typesOf(ProjectCreated, ...ORGANIZATION_STREAM),
  join: noJoin,
  documentIds: (e) => (ProjectCreated.is(e) ? (e.data.organization_id ? [e.data.organization_id] : []) : streamIds(e, 'organization')),
  evolve: (o, e, _join, id) => evolveOrganization(o, e, id),
});

/** A project's `organization` after it joins (`to` the organization) or leaves (`to` null) organization `from`. */
export function withOrganization(p: ProjectDoc | null, to: string | null, from: string): ProjectDoc | null {
  if (!p) return p;
  if (to === null && p.organization !== from) return p;
  if (p.organization === to) return p;
  return { ...p, organization: to };
}

/** The projects an organization event moves, read from the organization before the event. */
async function movedProjects(e: RecordedEvent, read: ReadView): Promise<string[]> {
  const [id] = streamIds(e, 'organization');
  const o = id ? await read.get('organizations', id) : null;
  if (!o) return [];
  if (OrganizationProjectAdded.is(e) || OrganizationProjectRemoved.is(e)) return [e.data.project_id];
  return OrganizationDeleted.is(e) ? o.projects : [];
}

/** A project's `organization` follows its joining and leaving, and its organization's deletion. */
const projectOrganization = documentProjection({
  collection: 'projects',
  canHandle: typesOf(OrganizationProjectAdded, OrganizationProjectRemoved, OrganizationDeleted),
  join: movedProjects,
  documentIds: (_e, ids) => ids,
  evolve: (p, e) => withOrganization(p, OrganizationProjectAdded.is(e) ? streamEntity(e.streamId) : null, streamEntity(e.streamId)),
});

/** Organizations (stream organization-<id>); a project's `organization` follows its joining and leaving. */
export const organizationProjector = defineProjector({
  name: 'organizationProjector',
  // the projects are read from the organization before it changes
  documents: [projectOrganization, organizations],
});
