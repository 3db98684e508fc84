import {
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
  type RecordedEvent,
} from '@modshelf/events';
import { APPROVED_TYPE_STATUSES } from '@modshelf/events';
import type { ProjectDoc, TeamMemberDoc } from '../read-model/documents';
import { streamEntity, type BatchContext } from './context';

const ALL_PROJECT_PERMISSIONS = (1 << 10) - 1;

function laterOf(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function sortMembers(members: TeamMemberDoc[]): void {
  members.sort((a, b) => Number(b.is_owner) - Number(a.is_owner) || a.ordering - b.ordering || (a.user_id < b.user_id ? -1 : 1));
}

/** Projects: the full Modrinth record plus its team and a summary of its versions. */
export async function projectProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  const time = e.metadata.time;
  if (ProjectCreated.is(e)) {
    const d = e.data;
    const doc: ProjectDoc = {
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
      approved: (APPROVED_TYPE_STATUSES as readonly string[]).includes(d.status) ? d.published : null,
      queued: d.status === 'processing' ? d.published : null,
      status: d.status,
      requested_status: d.requested_status,
      moderator_message: d.moderator_message,
      moderator_message_body: (d as { moderator_message_body?: string | null }).moderator_message_body ?? null,
      license: d.license,
      downloads: 0,
      followers: 0,
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
      members: [{ user_id: d.owner_id, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ordering: 0, accepted: true, is_owner: true }],
      version_list: [],
    };
    // Events replayed onto an existing document keep counters the log already added.
    const existing = await ctx.get('projects', d.project_id);
    if (existing) {
      doc.downloads = existing.downloads;
      doc.followers = existing.followers;
      doc.version_list = existing.version_list;
    }
    ctx.put('projects', doc.id, doc);
    return;
  }
  if (DownloadsCounted.is(e)) {
    const p = await ctx.get('projects', e.data.project_id);
    if (p) {
      p.downloads += e.data.count;
      ctx.put('projects', p.id, p);
    }
    if (e.data.version_id) {
      const v = await ctx.get('versions', e.data.version_id);
      if (v) {
        v.downloads += e.data.count;
        ctx.put('versions', v.id, v);
      }
    }
    return;
  }
  if (!e.streamId.startsWith('project-')) return;
  const id = streamEntity(e.streamId);
  const p = await ctx.get('projects', id);
  if (!p) return;

  if (ProjectEdited.is(e)) {
    const c = e.data.changes;
    for (const [k, v] of Object.entries(c)) if (v !== undefined) (p as unknown as Record<string, unknown>)[k] = v;
    p.updated = laterOf(p.updated, time);
  } else if (ProjectIconChanged.is(e)) {
    p.icon_url = e.data.icon_url;
    p.color = e.data.color;
  } else if (GalleryImageAdded.is(e)) {
    p.gallery = p.gallery.filter((g) => g.url !== e.data.url);
    if (e.data.featured) p.gallery.forEach((g) => (g.featured = false));
    p.gallery.push({ ...e.data });
  } else if (GalleryImageEdited.is(e)) {
    const g = p.gallery.find((x) => x.url === e.data.url);
    if (g) {
      if (e.data.featured === true) p.gallery.forEach((x) => (x.featured = false));
      if (e.data.featured !== undefined) g.featured = e.data.featured;
      if (e.data.title !== undefined) g.title = e.data.title;
      if (e.data.description !== undefined) g.description = e.data.description;
      if (e.data.ordering !== undefined) g.ordering = e.data.ordering;
    }
  } else if (GalleryImageRemoved.is(e)) {
    p.gallery = p.gallery.filter((g) => g.url !== e.data.url);
  } else if (ProjectStatusChanged.is(e)) {
    p.status = e.data.to;
    if (e.data.moderator_message !== undefined) p.moderator_message = e.data.moderator_message;
    if (e.data.to === 'processing') p.queued = time;
    if ((APPROVED_TYPE_STATUSES as readonly string[]).includes(e.data.to) && !p.approved) p.approved = time;
  } else if (TeamMemberAdded.is(e)) {
    const d = e.data;
    p.members = p.members.filter((m) => m.user_id !== d.user_id);
    if (d.is_owner) p.members.forEach((m) => (m.is_owner = false));
    p.members.push({
      user_id: d.user_id, role: d.role, permissions: d.permissions, ordering: d.ordering, accepted: d.accepted, is_owner: d.is_owner,
      ...(d.payouts_split !== undefined ? { payouts_split: d.payouts_split } : {}),
    });
    if (d.is_owner) p.owner_id = d.user_id;
    sortMembers(p.members);
  } else if (TeamMemberEdited.is(e)) {
    const m = p.members.find((x) => x.user_id === e.data.user_id);
    if (m) {
      if (e.data.role !== undefined) m.role = e.data.role;
      if (e.data.permissions !== undefined) m.permissions = e.data.permissions;
      if (e.data.ordering !== undefined) m.ordering = e.data.ordering;
      if (e.data.payouts_split !== undefined) m.payouts_split = e.data.payouts_split;
      sortMembers(p.members);
    }
  } else if (TeamInviteAccepted.is(e)) {
    const m = p.members.find((x) => x.user_id === e.data.user_id);
    if (m) m.accepted = true;
  } else if (TeamMemberRemoved.is(e)) {
    p.members = p.members.filter((m) => m.user_id !== e.data.user_id);
  } else if (ProjectOwnershipTransferred.is(e)) {
    for (const m of p.members) m.is_owner = m.user_id === e.data.to;
    if (!p.members.some((m) => m.user_id === e.data.to)) {
      p.members.push({ user_id: e.data.to, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ordering: 0, accepted: true, is_owner: true });
    }
    p.owner_id = e.data.to;
    sortMembers(p.members);
  } else if (ProjectDeleted.is(e)) {
    ctx.delete('projects', id);
    for (const vid of await ctx.findIds('versions', 'project', id)) ctx.delete('versions', vid);
    for (const fid of await ctx.findIds('follows', 'project', id)) ctx.delete('follows', fid);
    return;
  } else return;
  ctx.put('projects', id, p);
}
