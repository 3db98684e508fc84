import { describe, expect, it } from 'vitest';
import {
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
  type DecidedEvent,
} from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS as P } from '@modshelf/service-kit';
import { given } from '../testing/given';
import { ADMIN, MEMBER, MODERATOR, OWNER, PROJECT_ID, STRANGER, TEAM_ID, projectFields } from '../testing/fixtures';
import { projectDecider } from './project.decider';
import { canTransition, isKnownTransition, type ProjectStatus } from '../project-status-transitions';

const created = (status: ProjectStatus = 'draft'): DecidedEvent[] => [
  ProjectCreated({
    ...projectFields(),
    project_id: PROJECT_ID,
    team_id: TEAM_ID,
    project_type: 'mod',
    owner_id: OWNER.userId,
    organization_id: null,
    thread_id: 'ThreadAA',
    status,
    published: '2026-01-01T00:00:00Z',
  }),
  TeamMemberAdded({ user_id: OWNER.userId, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ordering: 0, accepted: true, is_owner: true }),
];
const withMember = (perms: number, status: ProjectStatus = 'approved', accepted = true): DecidedEvent[] => [
  ...created(status),
  TeamMemberAdded({ user_id: MEMBER.userId, role: 'Member', permissions: perms, ordering: 1, accepted: false, is_owner: false }),
  ...(accepted ? [TeamInviteAccepted({ user_id: MEMBER.userId })] : []),
];
const image = (url: string, featured = false) => ({
  url,
  raw_url: url,
  featured,
  title: null,
  description: null,
  ordering: 0,
  created: '2026-01-01T00:00:00Z',
});
const G = (events: DecidedEvent[]) => given(projectDecider, events, `project-${PROJECT_ID}`);

describe('project decider: create', () => {
  it('creates a draft owned by the actor with an owner team member', () => {
    G([])
      .when({
        kind: 'create',
        actor: OWNER,
        project_id: PROJECT_ID,
        team_id: TEAM_ID,
        thread_id: 'ThreadAA',
        project_type: 'mod',
        status: 'draft',
        published: '2026-01-01T00:00:00Z',
        fields: projectFields(),
      })
      .then(created());
  });
  it('refuses to create twice', () => {
    G(created())
      .when({
        kind: 'create',
        actor: OWNER,
        project_id: PROJECT_ID,
        team_id: TEAM_ID,
        thread_id: 'ThreadAA',
        project_type: 'mod',
        status: 'draft',
        published: '2026-01-01T00:00:00Z',
        fields: projectFields(),
      })
      .thenError('conflict');
  });
});

describe('project decider: edit', () => {
  it('records only the fields that change', () => {
    G(created())
      .when({ kind: 'edit', actor: OWNER, changes: { title: 'Cool mod', description: 'New description' }, versionCount: 0 })
      .then([ProjectEdited({ changes: { description: 'New description' } })]);
  });
  it('writes nothing when nothing changes', () => {
    G(created())
      .when({ kind: 'edit', actor: OWNER, changes: { title: 'Cool mod' }, versionCount: 0 })
      .then([]);
  });
  it('hides a draft from strangers (404) and refuses visible projects to non-members (401)', () => {
    G(created('draft'))
      .when({ kind: 'edit', actor: STRANGER, changes: { title: 'Hacked' }, versionCount: 0 })
      .thenError('not_found');
    G(created('approved'))
      .when({ kind: 'edit', actor: STRANGER, changes: { title: 'Hacked' }, versionCount: 0 })
      .thenError('unauthorized');
  });
  it('needs EDIT_BODY for the body and EDIT_DETAILS for the rest', () => {
    G(withMember(P.EDIT_BODY))
      .when({ kind: 'edit', actor: MEMBER, changes: { body: 'new' }, versionCount: 0 })
      .then([ProjectEdited({ changes: { body: 'new' } })]);
    G(withMember(P.EDIT_BODY))
      .when({ kind: 'edit', actor: MEMBER, changes: { title: 'New title' }, versionCount: 0 })
      .thenError('unauthorized');
    G(withMember(P.EDIT_DETAILS))
      .when({ kind: 'edit', actor: MEMBER, changes: { body: 'new' }, versionCount: 0 })
      .thenError('unauthorized');
  });
  it('a pending invitee has no permissions yet', () => {
    G(withMember(P.EDIT_DETAILS, 'approved', false))
      .when({ kind: 'edit', actor: MEMBER, changes: { title: 'New title' }, versionCount: 0 })
      .thenError('unauthorized');
  });
  it('lets only staff edit the moderation message and monetization', () => {
    G(created())
      .when({ kind: 'edit', actor: OWNER, changes: { moderator_message: 'hi' }, versionCount: 0 })
      .thenError('unauthorized');
    G(created())
      .when({ kind: 'edit', actor: MODERATOR, changes: { moderator_message: 'hi' }, versionCount: 0 })
      .then([ProjectEdited({ changes: { moderator_message: 'hi' } })]);
  });
});

describe('project decider: status', () => {
  const edit = (actor: typeof OWNER | typeof MODERATOR, status: ProjectStatus, versionCount = 1) => ({
    kind: 'edit' as const,
    actor,
    changes: {},
    status,
    versionCount,
  });
  it('owner submits a draft with a version; not without one', () => {
    G(created('draft'))
      .when(edit(OWNER, 'processing'))
      .then([ProjectStatusChanged({ from: 'draft', to: 'processing', moderator_message: null })]);
    G(created('draft'))
      .when(edit(OWNER, 'processing', 0))
      .thenError('invalid_input', /no initial versions/);
  });
  it('only staff approve, reject or withhold', () => {
    for (const to of ['approved', 'rejected', 'withheld'] as const) {
      G(created('processing')).when(edit(OWNER, to)).thenError('unauthorized');
      G(created('processing'))
        .when(edit(MODERATOR, to))
        .then([ProjectStatusChanged({ from: 'processing', to })]);
      G(created('processing'))
        .when(edit(ADMIN as never, to))
        .thenTypes(['ProjectStatusChanged']);
    }
  });
  it('staff may leave a message with a rejection', () => {
    G(created('processing'))
      .when({ kind: 'edit', actor: MODERATOR, changes: { moderator_message: 'fix it' }, status: 'rejected', versionCount: 1 })
      .then([
        ProjectEdited({ changes: { moderator_message: 'fix it' } }),
        ProjectStatusChanged({ from: 'processing', to: 'rejected', moderator_message: 'fix it' }),
      ]);
  });
  it('owner switches between approved-type statuses and resubmits a rejected project', () => {
    G(created('approved'))
      .when(edit(OWNER, 'unlisted'))
      .then([ProjectStatusChanged({ from: 'approved', to: 'unlisted' })]);
    G(created('rejected')).when(edit(OWNER, 'processing')).thenTypes(['ProjectStatusChanged']);
  });
  it('impossible transitions are bad input, not permission problems', () => {
    G(created('draft')).when(edit(MODERATOR, 'scheduled')).thenError('invalid_input');
    G(created('draft')).when(edit(OWNER, 'approved')).thenError('invalid_input');
  });
  it('a member without EDIT_DETAILS cannot change the status', () => {
    G(withMember(P.EDIT_BODY)).when(edit(MEMBER, 'unlisted')).thenError('unauthorized');
  });
  it('folds the new status', () => {
    const g = G([...created('processing'), ProjectStatusChanged({ from: 'processing', to: 'approved' })]);
    expect(g.state.status).toBe('approved');
  });
});

describe('project decider: icon and gallery', () => {
  it('sets and clears the icon', () => {
    G(created())
      .when({ kind: 'set-icon', actor: OWNER, icon_url: 'http://x/i.png', color: null })
      .then([ProjectIconChanged({ icon_url: 'http://x/i.png', color: null })]);
    G(created()).when({ kind: 'set-icon', actor: OWNER, icon_url: null, color: null }).then([]);
  });
  it('adds a featured image and unfeatures the previous one', () => {
    G([...created(), GalleryImageAdded(image('http://x/a.png', true))])
      .when({ kind: 'add-gallery-image', actor: OWNER, image: image('http://x/b.png', true) })
      .then([GalleryImageEdited({ url: 'http://x/a.png', featured: false }), GalleryImageAdded(image('http://x/b.png', true))]);
  });
  it('edits and removes images by url; unknown urls are bad input', () => {
    const g = [...created(), GalleryImageAdded(image('http://x/a.png'))];
    G(g)
      .when({ kind: 'edit-gallery-image', actor: OWNER, url: 'http://x/a.png', title: 'Shot' })
      .then([GalleryImageEdited({ url: 'http://x/a.png', title: 'Shot' })]);
    G(g)
      .when({ kind: 'remove-gallery-image', actor: OWNER, url: 'http://x/a.png' })
      .then([GalleryImageRemoved({ url: 'http://x/a.png' })]);
    G(g).when({ kind: 'remove-gallery-image', actor: OWNER, url: 'http://x/z.png' }).thenError('invalid_input');
    G(g).when({ kind: 'edit-gallery-image', actor: STRANGER, url: 'http://x/a.png', title: 'x' }).thenError('not_found');
  });
});

describe('project decider: team', () => {
  it('invites with a subset of the inviter permissions', () => {
    G(created())
      .when({ kind: 'invite-member', actor: OWNER, user_id: MEMBER.userId, role: 'Member', permissions: 5, ordering: 1 })
      .then([TeamMemberAdded({ user_id: MEMBER.userId, role: 'Member', permissions: 5, ordering: 1, accepted: false, is_owner: false })]);
    G(withMember(P.MANAGE_INVITES))
      .when({ kind: 'invite-member', actor: MEMBER, user_id: STRANGER.userId, role: 'M', permissions: P.DELETE_PROJECT, ordering: 2 })
      .thenError('invalid_input', /subset/);
    G(withMember(P.EDIT_BODY))
      .when({ kind: 'invite-member', actor: MEMBER, user_id: STRANGER.userId, role: 'M', permissions: 0, ordering: 2 })
      .thenError('unauthorized');
    G(withMember(0))
      .when({ kind: 'invite-member', actor: OWNER, user_id: MEMBER.userId, role: 'M', permissions: 0, ordering: 2 })
      .thenError('invalid_input', /already a member/);
  });
  it("records a member's payouts split when inviting and editing", () => {
    G(created())
      .when({ kind: 'invite-member', actor: OWNER, user_id: MEMBER.userId, role: 'Member', permissions: 0, ordering: 1, payouts_split: 25 })
      .then([TeamMemberAdded({ user_id: MEMBER.userId, role: 'Member', permissions: 0, ordering: 1, accepted: false, is_owner: false, payouts_split: 25 })]);
    G(withMember(0))
      .when({ kind: 'edit-member', actor: OWNER, user_id: MEMBER.userId, payouts_split: 40 })
      .then([TeamMemberEdited({ user_id: MEMBER.userId, payouts_split: 40 })]);
    G([...withMember(0), TeamMemberEdited({ user_id: MEMBER.userId, payouts_split: 40 })])
      .when({ kind: 'edit-member', actor: OWNER, user_id: MEMBER.userId, payouts_split: 40 })
      .then([]);
  });
  it('joins only with a pending invite', () => {
    G(withMember(0, 'approved', false))
      .when({ kind: 'join-team', actor: MEMBER })
      .then([TeamInviteAccepted({ user_id: MEMBER.userId })]);
    G(withMember(0, 'approved', true))
      .when({ kind: 'join-team', actor: MEMBER })
      .thenError('invalid_input');
    G(created('approved')).when({ kind: 'join-team', actor: STRANGER }).thenError('invalid_input');
    G(created('draft')).when({ kind: 'join-team', actor: STRANGER }).thenError('not_found');
    G(withMember(0, 'draft', false))
      .when({ kind: 'join-team', actor: MEMBER })
      .thenTypes(['TeamInviteAccepted']);
  });
  it('edits members within the editor permissions; never the owner permissions', () => {
    G(withMember(1))
      .when({ kind: 'edit-member', actor: OWNER, user_id: MEMBER.userId, permissions: 3, role: 'Dev' })
      .then([TeamMemberEdited({ user_id: MEMBER.userId, role: 'Dev', permissions: 3 })]);
    G(withMember(P.EDIT_MEMBER)).when({ kind: 'edit-member', actor: MEMBER, user_id: OWNER.userId, permissions: 1 }).thenError('invalid_input');
    G(withMember(P.EDIT_MEMBER))
      .when({ kind: 'edit-member', actor: MEMBER, user_id: MEMBER.userId, permissions: P.EDIT_MEMBER | P.DELETE_PROJECT })
      .thenError('invalid_input', /subset/);
  });
  it('removes members: owner never, self always, others with REMOVE_MEMBER', () => {
    G(withMember(0))
      .when({ kind: 'remove-member', actor: OWNER, user_id: MEMBER.userId })
      .then([TeamMemberRemoved({ user_id: MEMBER.userId })]);
    G(withMember(0)).when({ kind: 'remove-member', actor: MEMBER, user_id: MEMBER.userId }).thenTypes(['TeamMemberRemoved']);
    G(withMember(P.REMOVE_MEMBER)).when({ kind: 'remove-member', actor: MEMBER, user_id: OWNER.userId }).thenError('invalid_input');
    G(withMember(0)).when({ kind: 'remove-member', actor: STRANGER, user_id: MEMBER.userId }).thenError('unauthorized');
  });
  it('transfers ownership to an accepted member; only the owner or staff', () => {
    G(withMember(0))
      .when({ kind: 'transfer-ownership', actor: OWNER, user_id: MEMBER.userId })
      .then([ProjectOwnershipTransferred({ from: OWNER.userId, to: MEMBER.userId })]);
    G(withMember(0, 'approved', false))
      .when({ kind: 'transfer-ownership', actor: OWNER, user_id: MEMBER.userId })
      .thenError('invalid_input');
    G(withMember(ALL_PROJECT_PERMISSIONS)).when({ kind: 'transfer-ownership', actor: MEMBER, user_id: MEMBER.userId }).thenError('unauthorized');
    const after = G([...withMember(0), ProjectOwnershipTransferred({ from: OWNER.userId, to: MEMBER.userId })]).state;
    expect(after.owner_id).toBe(MEMBER.userId);
    expect(after.members.find((m) => m.user_id === MEMBER.userId)).toMatchObject({ is_owner: true, permissions: ALL_PROJECT_PERMISSIONS });
  });
});

describe('project decider: delete', () => {
  it('needs DELETE_PROJECT; a deleted project is gone', () => {
    G(created())
      .when({ kind: 'delete', actor: OWNER })
      .then([ProjectDeleted({ project_id: PROJECT_ID })]);
    G(withMember(P.EDIT_DETAILS)).when({ kind: 'delete', actor: MEMBER }).thenError('unauthorized');
    G([...created(), ProjectDeleted({ project_id: PROJECT_ID })])
      .when({ kind: 'delete', actor: OWNER })
      .thenError('not_found');
  });
});

describe('project decider: every status pair through the decider', () => {
  const statuses = ['approved', 'archived', 'rejected', 'draft', 'unlisted', 'processing', 'withheld', 'scheduled', 'private', 'unknown'] as const;
  const roles = [
    ['owner', OWNER],
    ['member with EDIT_DETAILS', MEMBER],
    ['moderator', MODERATOR],
    ['admin', ADMIN],
  ] as const;
  for (const from of statuses) {
    for (const to of statuses) {
      if (from === to) continue;
      for (const [name, actor] of roles) {
        it(`${from} -> ${to} by ${name}`, () => {
          const staff = actor.role !== 'developer';
          const allowed = canTransition(from, to, staff ? 'staff' : 'team');
          const g = G(withMember(P.EDIT_DETAILS, from));
          const command = { kind: 'edit' as const, actor, changes: {}, status: to, versionCount: 1 };
          if (allowed) {
            const events = g.when(command).events();
            expect(events.map((e) => e.type)).toEqual(['ProjectStatusChanged']);
            expect(events[0].data).toMatchObject({ from, to });
          } else {
            g.when(command).thenError(isKnownTransition(from, to) ? 'unauthorized' : 'invalid_input');
          }
        });
      }
    }
  }
});
