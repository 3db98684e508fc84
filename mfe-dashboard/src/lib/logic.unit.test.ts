import { describe, expect, it } from 'vitest';
import type { Notification } from './api';
import { collectionVisibility, internalLink, isInvite, projectTotals, splitNotifications, statusTone, summarizeProjects, validateProjectDraft } from './logic';

const note = (id: string, created: string, read: boolean, extra: Partial<Notification> = {}): Notification => ({
  id,
  user_id: 'u',
  type: null,
  title: id,
  text: '',
  link: '',
  read,
  created,
  actions: [],
  ...extra,
});

describe('dashboard logic', () => {
  it('colours statuses by the spec groups', () => {
    expect(statusTone('approved')).toBe('good');
    expect(statusTone('archived')).toBe('good');
    expect(statusTone('processing')).toBe('warn');
    expect(statusTone('rejected')).toBe('bad');
    expect(statusTone('withheld')).toBe('bad');
    expect(statusTone('draft')).toBe('neutral');
    expect(statusTone('private')).toBe('neutral');
  });

  it('summarizes projects by what they need, with real totals', () => {
    const s = summarizeProjects([
      { status: 'approved', downloads: 10, followers: 1 },
      { status: 'archived', downloads: 5, followers: 0 },
      { status: 'processing', downloads: 0, followers: 2 },
      { status: 'draft', downloads: 0, followers: 0 },
      { status: 'rejected', downloads: 1, followers: 0 },
      { status: 'unlisted', downloads: 3, followers: 0 },
    ]);
    expect(s).toEqual({ total: 6, listed: 2, review: 1, draft: 1, rejected: 1, hidden: 1, downloads: 19, followers: 3 });
  });

  it('splits notifications into unread and read, newest first', () => {
    const { unread, read } = splitNotifications([
      note('a', '2024-01-01T00:00:00Z', false),
      note('b', '2024-03-01T00:00:00Z', true),
      note('c', '2024-02-01T00:00:00Z', false),
    ]);
    expect(unread.map((n) => n.id)).toEqual(['c', 'a']);
    expect(read.map((n) => n.id)).toEqual(['b']);
  });

  it('knows invites by their type and actions', () => {
    const actions = [{ title: 'Accept', action_route: ['POST', 'team/x/join'] as [string, string] }];
    expect(isInvite(note('i', '2024-01-01T00:00:00Z', false, { type: 'team_invite', actions }))).toBe(true);
    expect(isInvite(note('i', '2024-01-01T00:00:00Z', false, { type: 'organization_invite', actions }))).toBe(true);
    expect(isInvite(note('i', '2024-01-01T00:00:00Z', false, { type: 'team_invite' }))).toBe(false);
    expect(isInvite(note('i', '2024-01-01T00:00:00Z', false, { type: 'status_change', actions }))).toBe(false);
  });

  it('keeps only links inside the site as router links', () => {
    expect(internalLink('/mod/x')).toBe('/mod/x');
    expect(internalLink('//evil.example/x')).toBeNull();
    expect(internalLink('https://elsewhere.example/x')).toBeNull();
    expect(internalLink('')).toBeNull();
  });

  it('charts totals per project, largest first, folding the rest into Other', () => {
    const projects = Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, title: `P${i}`, downloads: i * 10, followers: 12 - i }));
    const rows = projectTotals(projects, 'downloads', 10);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ id: 'p11', name: 'P11', value: 110 });
    expect(rows[9]).toEqual({ id: '__other', name: 'Other', value: 20 + 10 + 0 });
    expect(rows.reduce((s, r) => s + r.value, 0)).toBe(projects.reduce((s, p) => s + p.downloads, 0));
    expect(projectTotals(projects.slice(0, 2), 'followers').map((r) => r.value)).toEqual([12, 11]);
  });

  it('validates the create-project dialog', () => {
    const ok = { title: 'Lanterns', slug: 'lanterns', description: 'Lights', project_type: 'mod', requested_status: 'approved' };
    expect(validateProjectDraft(ok)).toEqual({});
    expect(validateProjectDraft({ ...ok, title: 'ab', slug: 'a b', description: '', project_type: 'shader', requested_status: 'draft' })).toEqual({
      title: 'name',
      slug: 'slug',
      description: 'summary',
      project_type: 'type',
      requested_status: 'visibility',
    });
  });

  it('names collection visibility as the spec does', () => {
    expect(collectionVisibility('listed')).toBe('public');
    expect(collectionVisibility('unlisted')).toBe('unlisted');
    expect(collectionVisibility('private')).toBe('private');
    expect(collectionVisibility('weird')).toBe('private');
  });
});
