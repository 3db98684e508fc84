import {
  APPROVED_TYPE_STATUSES,
  DownloadsCounted,
  GalleryImageAdded,
  GalleryImageEdited,
  GalleryImageRemoved,
  ProjectCreated,
  ProjectDeleted,
  ProjectEdited,
  ProjectIconChanged,
  ProjectOwnershipTransferred,
  ProjectStatusChanged,
  TeamInviteAccepted,
  TeamMemberAdded,
  TeamMemberEdited,
  TeamMemberRemoved,
  type EventOf,
  type RecordedEvent,
} from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS } from '@modshelf/contract';
import type { ProjectDoc, TeamMemberDoc, VersionDoc } from '../read-model/documents';
import { createsProject } from './creations';
import { defineProjector, documentProjection, noJoin, streamIds, typesOf, withChanges } from './evolve';

const isApprovedType = (status: string) => (APPROVED_TYPE_STATUSES as readonly string[]).includes(status);

function laterOf(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function sortedMembers(members: TeamMemberDoc[]): TeamMemberDoc[] {
  return members.sort((a, b) => Number(b.is_owner) - Number(a.is_owner) || a.ordering - b.ordering || (a.user_id < b.user_id ? -1 : 1));
}

const ownerMember = (userId: string): TeamMemberDoc => ({
  user_id: userId,
  role: 'Owner',
  permissions: ALL_PROJECT_PERMISSIONS,
  ordering: 0,
  accepted: true,
  is_owner: true,
});

/** A new project; replayed onto an existing document it keeps the counters the log already added. */
function created(e: EventOf<typeof ProjectCreated>, existing: ProjectDoc | null): ProjectDoc {
  const d = e.data;
  return {
    id: d.project_id,
    slug: d.slug,
    project_type: d.project_type,
    team: d.team_id,
    organization: d.organization_id,
    title: d.title,
    description: d.description,
    body: d.body,
    published: d.published,
    updated: d.published,
    approved: isApprovedType(d.status) ? d.published : null,
    queued: d.status === 'processing' ? d.published : null,
    status: d.status,
    requested_status: d.requested_status,
    moderator_message: d.moderator_message,
    moderator_message_body: 'moderator_message_body' in d && typeof d.moderator_message_body === 'string' ? d.moderator_message_body : null,
    license: d.license,
    downloads: existing?.downloads ?? 0,
    followers: existing?.followers ?? 0,
    categories: d.categories,
    additional_categories: d.additional_categories,
    client_side: d.client_side,
    server_side: d.server_side,
    icon_url: null,
    color: null,
    issues_url: d.issues_url,
    source_url: d.source_url,
    wiki_url: d.wiki_url,
    discord_url: d.discord_url,
    donation_urls: d.donation_urls,
    gallery: [],
    thread_id: d.thread_id,
    monetization_status: d.monetization_status,
    owner_id: d.owner_id,
    members: [ownerMember(d.owner_id)],
    version_list: existing?.version_list ?? [],
  };
}

/** Events of a project's own stream that change its document. */
const PROJECT_STREAM = [
  ProjectEdited,
  ProjectIconChanged,
  GalleryImageAdded,
  GalleryImageEdited,
  GalleryImageRemoved,
  ProjectStatusChanged,
  TeamMemberAdded,
  TeamMemberEdited,
  TeamInviteAccepted,
  TeamMemberRemoved,
  ProjectOwnershipTransferred,
  ProjectDeleted,
];

/** A project's document after an event of its stream, or a download count. */
export function evolveProject(p: ProjectDoc | null, e: RecordedEvent): ProjectDoc | null {
  if (ProjectCreated.is(e)) return created(e, p);
  if (!p) return p;
  const time = e.metadata.time;
  if (DownloadsCounted.is(e)) return { ...p, downloads: p.downloads + e.data.count };
  if (ProjectEdited.is(e)) return { ...withChanges(p, e.data.changes), updated: laterOf(p.updated, time) };
  if (ProjectIconChanged.is(e)) return { ...p, icon_url: e.data.icon_url, color: e.data.color };
  if (GalleryImageAdded.is(e)) {
    const kept = p.gallery.filter((g) => g.url !== e.data.url).map((g) => (e.data.featured ? { ...g, featured: false } : g));
    return { ...p, gallery: [...kept, { ...e.data }] };
  }
  if (GalleryImageEdited.is(e)) {
    const d = e.data;
    if (!p.gallery.some((x) => x.url === d.url)) return { ...p };
    const gallery = p.gallery.map((g) => {
      if (g.url !== d.url) return d.featured === true ? { ...g, featured: false } : g;
      return {
        ...g,
        featured: d.featured !== undefined ? d.featured : g.featured,
        title: d.title !== undefined ? d.title : g.title,
        description: d.description !== undefined ? d.description : g.description,
        ordering: d.ordering !== undefined ? d.ordering : g.ordering,
      };
    });
    return { ...p, gallery };
  }
  if (GalleryImageRemoved.is(e)) return { ...p, gallery: p.gallery.filter((g) => g.url !== e.data.url) };
  if (ProjectStatusChanged.is(e)) {
    const to = e.data.to;
    return {
      ...p,
      status: to,
      moderator_message: e.data.moderator_message !== undefined ? e.data.moderator_message : p.moderator_message,
      queued: to === 'processing' ? time : p.queued,
      approved: isApprovedType(to) && !p.approved ? time : p.approved,
    };
  }
  if (TeamMemberAdded.is(e)) {
    const d = e.data;
    const others = p.members.filter((m) => m.user_id !== d.user_id).map((m) => (d.is_owner ? { ...m, is_owner: false } : m));
    const added: TeamMemberDoc = {
      user_id: d.user_id,
      role: d.role,
      permissions: d.permissions,
      ordering: d.ordering,
      accepted: d.accepted,
      is_owner: d.is_owner,
      ...(d.payouts_split !== undefined ? { payouts_split: d.payouts_split } : {}),
    };
    return { ...p, members: sortedMembers([...others, added]), owner_id: d.is_owner ? d.user_id : p.owner_id };
  }
  if (TeamMemberEdited.is(e)) {
    const d = e.data;
    if (!p.members.some((m) => m.user_id === d.user_id)) return { ...p };
    const members = p.members.map((m) => {
      if (m.user_id !== d.user_id) return m;
      const edited = {
        ...m,
        role: d.role !== undefined ? d.role : m.role,
        permissions: d.permissions !== undefined ? d.permissions : m.permissions,
        ordering: d.ordering !== undefined ? d.ordering : m.ordering,
      };
      return d.payouts_split !== undefined ? { ...edited, payouts_split: d.payouts_split } : edited;
    });
    return { ...p, members: sortedMembers(members) };
  }
  if (TeamInviteAccepted.is(e)) return { ...p, members: p.members.map((m) => (m.user_id === e.data.user_id ? { ...m, accepted: true } : m)) };
  if (TeamMemberRemoved.is(e)) return { ...p, members: p.members.filter((m) => m.user_id !== e.data.user_id) };
  if (ProjectOwnershipTransferred.is(e)) {
    const to = e.data.to;
    const members = p.members.map((m) => ({ ...m, is_owner: m.user_id === to }));
    if (!members.some((m) => m.user_id === to)) members.push(ownerMember(to));
    return { ...p, members: sortedMembers(members), owner_id: to };
  }
  if (ProjectDeleted.is(e)) return null;
  return p;
}

const projects = documentProjection({
  collection: 'projects',
  canHandle: typesOf(ProjectCreated, DownloadsCounted, ...PROJECT_STREAM),
  join: noJoin,
  documentIds: (e) => (ProjectCreated.is(e) || DownloadsCounted.is(e) ? [e.data.project_id] : streamIds(e, 'project')),
  evolve: evolveProject,
  creates: createsProject,
});

/** A download count of a version adds to its count too. */
const versionDownloads = documentProjection({
  collection: 'versions',
  canHandle: typesOf(DownloadsCounted),
  join: noJoin,
  documentIds: (e) => (DownloadsCounted.is(e) && e.data.version_id ? [e.data.version_id] : []),
  evolve: (v: VersionDoc | null, e) => (v && DownloadsCounted.is(e) ? { ...v, downloads: v.downloads + e.data.count } : v),
});

/** A deleted project's versions and follows go with it. */
const projectGone = (collection: 'versions' | 'follows') =>
  documentProjection({
    collection,
    canHandle: typesOf(ProjectDeleted),
    join: noJoin,
    documentIds: async (e, _join, read) => {
      const id = streamIds(e, 'project')[0];
      return id && (await read.get('projects', id)) ? read.findIds(collection, 'project', id) : [];
    },
    evolve: () => null,
  });

/** Projects: the full Modrinth record plus its team and a summary of its versions. */
export const projectProjector = defineProjector({
  name: 'projectProjector',
  // the versions and follows of a deleted project go before it (they look it up)
  documents: [projectGone('versions'), projectGone('follows'), projects, versionDownloads],
});
