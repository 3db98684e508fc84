import {
  OrganizationCreated, OrganizationDeleted, OrganizationEdited, OrganizationIconChanged, OrganizationInviteAccepted, OrganizationMemberAdded,
  OrganizationMemberEdited, OrganizationMemberRemoved, OrganizationOwnershipTransferred, OrganizationProjectAdded, OrganizationProjectRemoved, ProjectCreated, type RecordedEvent,
} from '@modshelf/events';
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS } from '@modshelf/service-kit';
import type { OrganizationDoc, OrganizationMemberDoc } from '../read-model/community-documents';
import { streamEntity, type BatchContext } from './context';

function sortMembers(members: OrganizationMemberDoc[]): OrganizationMemberDoc[] {
  return members.sort((a, b) => Number(b.is_owner) - Number(a.is_owner) || a.ordering - b.ordering || (a.user_id < b.user_id ? -1 : 1));
}

/** Points a project's `organization` at `orgId` (or clears it when it still points at `from`). */
async function setProjectOrganization(ctx: BatchContext, projectId: string, orgId: string | null, from?: string): Promise<void> {
  const p = await ctx.get('projects', projectId);
  if (!p) return;
  if (orgId === null && p.organization !== from) return;
  if (p.organization === orgId) return;
  p.organization = orgId;
  ctx.put('projects', p.id, p);
}

/** Organizations (stream organization-<id>); a project's `organization` follows its joining and leaving. */
export async function organizationProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (ProjectCreated.is(e)) {
    const oid = e.data.organization_id;
    const o = oid ? await ctx.get('organizations', oid) : null;
    if (o && !o.projects.includes(e.data.project_id)) {
      o.projects.push(e.data.project_id);
      ctx.put('organizations', o.id, o);
    }
    return;
  }
  if (!e.streamId.startsWith('organization-')) return;
  const id = streamEntity(e.streamId);
  if (OrganizationCreated.is(e)) {
    const d = e.data;
    const doc: OrganizationDoc = {
      id, slug: d.slug, name: d.name, team_id: d.team_id, description: d.description, icon_url: null, color: null, owner_id: d.owner_id,
      members: [], projects: [], created: e.metadata.time,
    };
    ctx.put('organizations', id, doc);
    return;
  }
  const o = await ctx.get('organizations', id);
  if (!o) return;
  if (OrganizationEdited.is(e)) {
    const ch = e.data.changes;
    if (ch.slug !== undefined) o.slug = ch.slug;
    if (ch.name !== undefined) o.name = ch.name;
    if (ch.description !== undefined) o.description = ch.description;
  } else if (OrganizationIconChanged.is(e)) {
    o.icon_url = e.data.icon_url;
    o.color = e.data.color;
  } else if (OrganizationMemberAdded.is(e)) {
    o.members = sortMembers([...o.members.filter((m) => m.user_id !== e.data.user_id), { ...e.data }]);
  } else if (OrganizationMemberEdited.is(e)) {
    const { user_id, ...changes } = e.data;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    o.members = sortMembers(o.members.map((m) => (m.user_id === user_id ? { ...m, ...defined } : m)));
  } else if (OrganizationInviteAccepted.is(e)) {
    o.members = o.members.map((m) => (m.user_id === e.data.user_id ? { ...m, accepted: true } : m));
  } else if (OrganizationMemberRemoved.is(e)) {
    o.members = o.members.filter((m) => m.user_id !== e.data.user_id);
  } else if (OrganizationProjectAdded.is(e)) {
    if (!o.projects.includes(e.data.project_id)) o.projects.push(e.data.project_id);
    await setProjectOrganization(ctx, e.data.project_id, id);
  } else if (OrganizationProjectRemoved.is(e)) {
    o.projects = o.projects.filter((p) => p !== e.data.project_id);
    await setProjectOrganization(ctx, e.data.project_id, null, id);
  } else if (OrganizationOwnershipTransferred.is(e)) {
    const { from, to } = e.data;
    o.owner_id = to;
    o.members = sortMembers(o.members.map((m) => {
      if (m.user_id === to) return { ...m, is_owner: true, permissions: ALL_PROJECT_PERMISSIONS, organization_permissions: ALL_ORGANIZATION_PERMISSIONS };
      return m.user_id === from ? { ...m, is_owner: false } : m;
    }));
  } else if (OrganizationDeleted.is(e)) {
    for (const pid of o.projects) await setProjectOrganization(ctx, pid, null, id);
    ctx.delete('organizations', id);
    return;
  } else return;
  ctx.put('organizations', id, o);
}
