/** Pure rules of the dashboard (no React, no fetch): unit-tested in logic.unit.test.ts. */
import { SLUG_RE, type Project } from '@modshelf/web-kit';
import type { Notification } from './api';

/** Spec section 4: status groups. */
export const APPROVED_TYPE = ['approved', 'archived', 'unlisted', 'private'] as const;
export const LISTED = ['approved', 'archived'] as const;
export const PENDING_TYPE = ['private', 'rejected', 'processing'] as const;
export const REJECTED_TYPE = ['rejected', 'withheld'] as const;

export type BadgeTone = 'good' | 'warn' | 'bad' | 'neutral';

/** The colour of a project status badge. */
export function statusTone(status: string): BadgeTone {
  if ((LISTED as readonly string[]).includes(status)) return 'good';
  if (status === 'processing' || status === 'scheduled') return 'warn';
  if ((REJECTED_TYPE as readonly string[]).includes(status)) return 'bad';
  return 'neutral';
}

/** Counts of a user's projects by what they need: listed, in review, draft, needs changes. */
export function summarizeProjects(projects: readonly Pick<Project, 'status' | 'downloads' | 'followers'>[]) {
  const out = { total: projects.length, listed: 0, review: 0, draft: 0, rejected: 0, hidden: 0, downloads: 0, followers: 0 };
  for (const p of projects) {
    out.downloads += p.downloads;
    out.followers += p.followers;
    if ((LISTED as readonly string[]).includes(p.status)) out.listed++;
    else if (p.status === 'processing') out.review++;
    else if (p.status === 'draft') out.draft++;
    else if ((REJECTED_TYPE as readonly string[]).includes(p.status)) out.rejected++;
    else out.hidden++;
  }
  return out;
}

/** Unread first is not how the list reads: newest first, split into unread (current) and read (history). */
export function splitNotifications(list: readonly Notification[]): { unread: Notification[]; read: Notification[] } {
  const sorted = [...list].sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || (a.id < b.id ? -1 : 1));
  return { unread: sorted.filter((n) => !n.read), read: sorted.filter((n) => n.read) };
}

/** Whether a notification is an invite with accept/deny actions the user can run. */
export function isInvite(n: Pick<Notification, 'type' | 'actions'>): boolean {
  return (n.type === 'team_invite' || n.type === 'organization_invite') && n.actions.length > 0;
}

/** A notification link inside the site (paths only; other links open as they are). */
export function internalLink(link: string | null | undefined): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const u = new URL(link);
    if (typeof window !== 'undefined' && u.origin === window.location.origin) return u.pathname + u.search;
  } catch {
    /* not a URL */
  }
  return null;
}

/** Analytics series: one row per project with its real totals, largest first, the rest folded into "other". */
export function projectTotals(
  projects: readonly Pick<Project, 'id' | 'title' | 'downloads' | 'followers'>[],
  metric: 'downloads' | 'followers',
  limit = 10,
  otherLabel = 'Other',
): { id: string; name: string; value: number }[] {
  const rows = [...projects]
    .sort((a, b) => b[metric] - a[metric] || a.title.localeCompare(b.title))
    .map((p) => ({ id: p.id, name: p.title, value: p[metric] }));
  if (rows.length <= limit) return rows;
  const head = rows.slice(0, limit - 1);
  const rest = rows.slice(limit - 1).reduce((s, r) => s + r.value, 0);
  return [...head, { id: '__other', name: otherLabel, value: rest }];
}

export interface ProjectDraft {
  title: string;
  slug: string;
  description: string;
  project_type: string;
  requested_status: string;
}
/** Validation of the create-project dialog: a message key per field, empty when valid. */
export function validateProjectDraft(d: ProjectDraft): Partial<Record<keyof ProjectDraft, string>> {
  const e: Partial<Record<keyof ProjectDraft, string>> = {};
  if (d.title.trim().length < 3 || d.title.trim().length > 64) e.title = 'name';
  if (!SLUG_RE.test(d.slug)) e.slug = 'slug';
  if (d.description.trim().length < 3 || d.description.trim().length > 256) e.description = 'summary';
  if (!['mod', 'modpack', 'server', 'behaviorpack'].includes(d.project_type)) e.project_type = 'type';
  if (!['approved', 'unlisted', 'private'].includes(d.requested_status)) e.requested_status = 'visibility';
  return e;
}

/** Collection visibility: the spec's names over the wire's (public is Modrinth's `listed`). */
export function collectionVisibility(status: string): 'public' | 'unlisted' | 'private' | 'rejected' {
  if (status === 'listed' || status === 'public') return 'public';
  if (status === 'unlisted' || status === 'private' || status === 'rejected') return status;
  return 'private';
}
