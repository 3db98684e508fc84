import { createHash } from 'node:crypto';
import {
  NotificationsDeleted, NotificationsRead, OrganizationMemberAdded, ProjectStatusChanged, ReportClosed, ReportReopened, TeamMemberAdded,
  ThreadMessageSent,
  UserDeleted, VersionPublished, toBase62, type RecordedEvent,
} from '@modshelf/events';
import type { NotificationActionDoc, NotificationDoc } from '../read-model/community-documents';
import type { ProjectDoc } from '../read-model/documents';
import { isListed, routeType } from '../views/derive';
import { streamEntity, type BatchContext } from './context';

const MIN_8 = 62n ** 7n;
const SPAN_8 = 62n ** 8n - MIN_8;

/** A notification's id: fixed by the event it is about and its recipient, so a replay makes the same ones. */
export function notificationId(eventId: string, userId: string): string {
  const n = createHash('sha256').update(`${eventId}:${userId}`).digest().readBigUInt64BE();
  return toBase62(MIN_8 + (n % SPAN_8));
}

const projectLink = (p: ProjectDoc) => `/${routeType(p)}/${p.slug || p.id}`;

interface Draft {
  type: NotificationDoc['type'];
  title: string;
  text: string;
  link: string;
  actions?: NotificationActionDoc[];
}

async function notify(ctx: BatchContext, e: RecordedEvent, userIds: Iterable<string>, draft: Draft): Promise<void> {
  for (const userId of new Set(userIds)) {
    if (userId === e.metadata.actor) continue; // nobody is told about what they did themselves
    const id = notificationId(e.metadata.eventId, userId);
    if (await ctx.get('notifications', id)) continue; // idempotent
    if (!(await ctx.get('users', userId))) continue; // no account (deleted): nobody to tell
    ctx.put('notifications', id, {
      id, user_id: userId, type: draft.type, title: draft.title, text: draft.text, link: draft.link, read: false,
      created: e.metadata.time, actions: draft.actions ?? [], source_event: e.metadata.eventId,
    });
  }
}

const accepted = (p: ProjectDoc) => p.members.filter((m) => m.accepted).map((m) => m.user_id);

/**
 * The notifications process: a projector that turns events into per-user notifications (Modrinth v2 shape):
 * - a listed version of a listed project -> its followers (project_update);
 * - a project team or organization invite -> the invitee (team_invite, with accept/decline actions);
 * - a report closed or reopened by someone else -> the reporter (status_change);
 * - a project status changed by staff -> the project's team (status_change);
 * - a thread message -> the other side (threadMessageNotice).
 * Reading and deleting are commands on notifications-<user> (NotificationsRead / NotificationsDeleted).
 */
export async function notificationProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (VersionPublished.is(e)) {
    const d = e.data;
    if (d.status !== 'listed') return;
    const p = await ctx.get('projects', d.project_id);
    if (!p || !isListed(p)) return;
    const follows = await ctx.findIds('follows', 'project', p.id);
    const followers = follows.map((f) => f.slice(0, f.indexOf(':')));
    await notify(ctx, e, followers, {
      type: 'project_update',
      title: `**${p.title}** has been updated!`,
      text: `The project ${p.title} has released a new version: ${d.version_number}`,
      link: `${projectLink(p)}/version/${d.version_id}`,
    });
    return;
  }
  if (TeamMemberAdded.is(e)) {
    if (e.data.accepted) return;
    const p = await ctx.get('projects', streamEntity(e.streamId));
    if (!p) return;
    await notify(ctx, e, [e.data.user_id], {
      type: 'team_invite',
      title: 'You have been invited to join a team!',
      text: `An invite has been sent for you to be ${e.data.role} of the team of ${p.title}`,
      link: projectLink(p),
      actions: [
        { title: 'Accept', action_route: ['POST', `team/${p.team}/join`] },
        { title: 'Deny', action_route: ['DELETE', `team/${p.team}/members/${e.data.user_id}`] },
      ],
    });
    return;
  }
  if (OrganizationMemberAdded.is(e)) {
    if (e.data.accepted) return;
    const o = await ctx.get('organizations', streamEntity(e.streamId));
    if (!o) return;
    await notify(ctx, e, [e.data.user_id], {
      type: 'team_invite',
      title: 'You have been invited to join an organization!',
      text: `An invite has been sent for you to be ${e.data.role} of the organization ${o.name}`,
      link: `/organization/${o.slug}`,
      actions: [
        { title: 'Accept', action_route: ['POST', `organization/${o.id}/join`] },
        { title: 'Deny', action_route: ['DELETE', `organization/${o.id}/members/${e.data.user_id}`] },
      ],
    });
    return;
  }
  if (ReportClosed.is(e) || ReportReopened.is(e)) {
    const r = await ctx.get('reports', streamEntity(e.streamId));
    if (!r) return;
    const what = ReportClosed.is(e) ? 'closed' : 'reopened';
    await notify(ctx, e, [r.reporter], {
      type: 'status_change',
      title: `Your report has been ${what}`,
      text: `Your ${r.report_type} report about a ${r.item_type} (${r.item_id}) has been ${what} by the moderators.${e.data.message ? ` ${e.data.message}` : ''}`,
      link: `/dashboard/report/${r.id}`,
    });
    return;
  }
  if (ProjectStatusChanged.is(e)) {
    const actor = e.metadata.actor ? await ctx.get('users', e.metadata.actor) : null;
    if (!actor || (actor.role !== 'moderator' && actor.role !== 'admin')) return;
    const p = await ctx.get('projects', streamEntity(e.streamId));
    if (!p || e.data.from === e.data.to) return;
    await notify(ctx, e, accepted(p), {
      type: 'status_change',
      title: `Project **${p.title}** has been ${e.data.to}`,
      text: `The status of your project ${p.title} has changed from ${e.data.from} to ${e.data.to}.`,
      link: projectLink(p),
    });
    return;
  }
  if (ThreadMessageSent.is(e)) {
    const notice = await threadMessageNotice(ctx, e);
    if (notice) await notify(ctx, e, notice.to, notice.draft);
    return;
  }
  if (UserDeleted.is(e)) {
    for (const id of await ctx.findIds('notifications', 'user', streamEntity(e.streamId))) ctx.delete('notifications', id);
    return;
  }
  if (NotificationsRead.is(e) || NotificationsDeleted.is(e)) {
    const owner = streamEntity(e.streamId);
    for (const id of e.data.ids) {
      const n = await ctx.get('notifications', id);
      if (!n || n.user_id !== owner) continue;
      if (NotificationsDeleted.is(e)) ctx.delete('notifications', id);
      else if (!n.read) ctx.put('notifications', id, { ...n, read: true });
    }
  }
}

const isStaffRole = (role: string | undefined) => role === 'moderator' || role === 'admin';
const excerpt = (body: string) => (body.length > 200 ? `${body.slice(0, 200)}…` : body);

/** Staff who have written in a thread (messages or status changes): the moderators of this conversation. */
async function staffParticipants(ctx: BatchContext, threadId: string): Promise<string[]> {
  const t = await ctx.get('threads', threadId);
  const authors = [...new Set((t?.messages ?? []).flatMap((m) => (m.author_id ? [m.author_id] : [])))];
  const out: string[] = [];
  for (const id of authors) if (isStaffRole((await ctx.get('users', id))?.role)) out.push(id);
  return out;
}

/**
 * Who a new message is for. A staff note (private) tells nobody. Moderation thread: staff -> the
 * team (moderator_message); the team -> the staff taking part. Report thread: staff -> the
 * reporter; the reporter -> the staff taking part. Comments: the team, and the author replied to.
 */
async function threadMessageNotice(ctx: BatchContext, e: RecordedEvent & { data: { thread_id: string; thread_type: string; item_id: string; author_id: string; body: string; private: boolean; replying_to: string | null } }): Promise<{ to: string[]; draft: Draft } | null> {
  const d = e.data;
  if (d.private) return null;
  const author = await ctx.get('users', d.author_id);
  const fromStaff = isStaffRole(author?.role);
  const who = author?.username ?? 'Someone';
  if (d.thread_type === 'report') {
    const r = await ctx.get('reports', d.item_id);
    if (!r) return null;
    return fromStaff
      ? { to: [r.reporter], draft: { type: 'moderator_message', title: 'A moderator replied to your report', text: excerpt(d.body), link: `/dashboard/report/${r.id}` } }
      : { to: await staffParticipants(ctx, d.thread_id), draft: { type: null, title: `**${who}** replied to a report`, text: excerpt(d.body), link: `/moderation/report/${r.id}` } };
  }
  const p = await ctx.get('projects', d.item_id);
  if (!p) return null;
  if (d.thread_type === 'project') {
    return fromStaff
      ? { to: accepted(p), draft: { type: 'moderator_message', title: `A moderator sent a message about **${p.title}**`, text: excerpt(d.body), link: `${projectLink(p)}/moderation` } }
      : { to: await staffParticipants(ctx, d.thread_id), draft: { type: null, title: `**${who}** replied about **${p.title}**`, text: excerpt(d.body), link: `/moderation/review?project=${p.id}` } };
  }
  const t = await ctx.get('threads', d.thread_id);
  const repliedTo = d.replying_to ? t?.messages.find((m) => m.id === d.replying_to)?.author_id : null;
  return {
    to: [...accepted(p), ...(repliedTo ? [repliedTo] : [])],
    draft: { type: null, title: `**${who}** commented on **${p.title}**`, text: excerpt(d.body), link: `${projectLink(p)}/comments` },
  };
}
