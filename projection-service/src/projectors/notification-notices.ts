import {
  OrganizationMemberAdded,
  ProjectStatusChanged,
  ReportClosed,
  ReportReopened,
  TeamMemberAdded,
  ThreadMessageSent,
  VersionPublished,
  type EventOf,
  type RecordedEvent,
} from '@modshelf/events';
import type { NotificationActionDoc, NotificationDoc } from '../read-model/community-documents';
import type { ProjectDoc } from '../read-model/documents';
import { isListed, routeType } from '../views/derive';
import { streamEntity, type ReadView } from './evolve';
import { readFollows } from './social.projector';

/** What a notification says. */
export interface Draft {
  type: NotificationDoc['type'];
  title: string;
  text: string;
  link: string;
  actions?: NotificationActionDoc[];
}

/** Who an event notifies (before leaving out its actor and deleted accounts) and what it tells them. */
export interface Notice {
  to: string[];
  draft: Draft;
}

const projectLink = (p: ProjectDoc) => `/${routeType(p)}/${p.slug || p.id}`;
const accepted = (p: ProjectDoc) => p.members.filter((m) => m.accepted).map((m) => m.user_id);
const isStaffRole = (role: string | undefined) => role === 'moderator' || role === 'admin';
const excerpt = (body: string) => (body.length > 200 ? `${body.slice(0, 200)}…` : body);

/** Staff who have written in a thread (messages or status changes): the moderators of this conversation. */
async function staffParticipants(read: ReadView, threadId: string): Promise<string[]> {
  const t = await read.get('threads', threadId);
  const authors = [...new Set((t?.messages ?? []).flatMap((m) => (m.author_id ? [m.author_id] : [])))];
  const out: string[] = [];
  for (const id of authors) if (isStaffRole((await read.get('users', id))?.role)) out.push(id);
  return out;
}

/**
 * Who a new message is for. A staff note (private) tells nobody. Moderation thread: staff -> the
 * team (moderator_message); the team -> the staff taking part. Report thread: staff -> the
 * reporter; the reporter -> the staff taking part. Comments: the team, and the author replied to.
 */
async function threadMessageNotice(read: ReadView, e: EventOf<typeof ThreadMessageSent>): Promise<Notice | null> {
  const d = e.data;
  if (d.private) return null;
  const author = await read.get('users', d.author_id);
  const fromStaff = isStaffRole(author?.role);
  const who = author?.username ?? 'Someone';
  if (d.thread_type === 'report') {
    const r = await read.get('reports', d.item_id);
    if (!r) return null;
    return fromStaff
      ? {
          to: [r.reporter],
          draft: { type: 'moderator_message', title: 'A moderator replied to your report', text: excerpt(d.body), link: `/dashboard/report/${r.id}` },
        }
      : {
          to: await staffParticipants(read, d.thread_id),
          draft: { type: null, title: `**${who}** replied to a report`, text: excerpt(d.body), link: `/moderation/report/${r.id}` },
        };
  }
  const p = await read.get('projects', d.item_id);
  if (!p) return null;
  if (d.thread_type === 'project') {
    return fromStaff
      ? {
          to: accepted(p),
          draft: {
            type: 'moderator_message',
            title: `A moderator sent a message about **${p.title}**`,
            text: excerpt(d.body),
            link: `${projectLink(p)}/moderation`,
          },
        }
      : {
          to: await staffParticipants(read, d.thread_id),
          draft: { type: null, title: `**${who}** replied about **${p.title}**`, text: excerpt(d.body), link: `/moderation/review?project=${p.id}` },
        };
  }
  const t = await read.get('threads', d.thread_id);
  const repliedTo = d.replying_to ? t?.messages.find((m) => m.id === d.replying_to)?.author_id : null;
  return {
    to: [...accepted(p), ...(repliedTo ? [repliedTo] : [])],
    draft: { type: null, title: `**${who}** commented on **${p.title}**`, text: excerpt(d.body), link: `${projectLink(p)}/comments` },
  };
}

/**
 * The notice an event gives, read from the documents it names (the notification projector's join):
 * - a listed version of a listed project -> its followers (project_update);
 * - a project team or organization invite -> the invitee (team_invite, with accept/decline actions);
 * - a report closed or reopened by someone else -> the reporter (status_change);
 * - a project status changed by staff -> the project's team (status_change);
 * - a thread message -> the other side (threadMessageNotice).
 */
export async function noticeOf(e: RecordedEvent, read: ReadView): Promise<Notice | null> {
  if (VersionPublished.is(e)) {
    const d = e.data;
    if (d.status !== 'listed') return null;
    const p = await read.get('projects', d.project_id);
    if (!p || !isListed(p)) return null;
    const follows = await readFollows(read, p.id);
    return {
      to: follows.map((f) => f.slice(0, f.indexOf(':'))),
      draft: {
        type: 'project_update',
        title: `**${p.title}** has been updated!`,
        text: `The project ${p.title} has released a new version: ${d.version_number}`,
        link: `${projectLink(p)}/version/${d.version_id}`,
      },
    };
  }
  if (TeamMemberAdded.is(e)) {
    if (e.data.accepted) return null;
    const p = await read.get('projects', streamEntity(e.streamId));
    if (!p) return null;
    return {
      to: [e.data.user_id],
      draft: {
        type: 'team_invite',
        title: 'You have been invited to join a team!',
        text: `An invite has been sent for you to be ${e.data.role} of the team of ${p.title}`,
        link: projectLink(p),
        actions: [
          { title: 'Accept', action_route: ['POST', `team/${p.team}/join`] },
          { title: 'Deny', action_route: ['DELETE', `team/${p.team}/members/${e.data.user_id}`] },
        ],
      },
    };
  }
  if (OrganizationMemberAdded.is(e)) {
    if (e.data.accepted) return null;
    const o = await read.get('organizations', streamEntity(e.streamId));
    if (!o) return null;
    return {
      to: [e.data.user_id],
      draft: {
        type: 'team_invite',
        title: 'You have been invited to join an organization!',
        text: `An invite has been sent for you to be ${e.data.role} of the organization ${o.name}`,
        link: `/organization/${o.slug}`,
        actions: [
          { title: 'Accept', action_route: ['POST', `organization/${o.id}/join`] },
          { title: 'Deny', action_route: ['DELETE', `organization/${o.id}/members/${e.data.user_id}`] },
        ],
      },
    };
  }
  if (ReportClosed.is(e) || ReportReopened.is(e)) {
    const r = await read.get('reports', streamEntity(e.streamId));
    if (!r) return null;
    const what = ReportClosed.is(e) ? 'closed' : 'reopened';
    return {
      to: [r.reporter],
      draft: {
        type: 'status_change',
        title: `Your report has been ${what}`,
        text: `Your ${r.report_type} report about a ${r.item_type} (${r.item_id}) has been ${what} by the moderators.${e.data.message ? ` ${e.data.message}` : ''}`,
        link: `/dashboard/report/${r.id}`,
      },
    };
  }
  if (ProjectStatusChanged.is(e)) {
    const actor = e.metadata.actor ? await read.get('users', e.metadata.actor) : null;
    if (!actor || (actor.role !== 'moderator' && actor.role !== 'admin')) return null;
    const p = await read.get('projects', streamEntity(e.streamId));
    if (!p || e.data.from === e.data.to) return null;
    return {
      to: accepted(p),
      draft: {
        type: 'status_change',
        title: `Project **${p.title}** has been ${e.data.to}`,
        text: `The status of your project ${p.title} has changed from ${e.data.from} to ${e.data.to}.`,
        link: projectLink(p),
      },
    };
  }
  if (ThreadMessageSent.is(e)) return threadMessageNotice(read, e);
  return null;
}
