import { describe, expect, it } from 'vitest';
import {
  OrganizationCreated,
  OrganizationDeleted,
  OrganizationEdited,
  OrganizationInviteAccepted,
  OrganizationMemberAdded,
  OrganizationMemberEdited,
  OrganizationMemberRemoved,
  OrganizationOwnershipTransferred,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
} from '@modshelf/events';
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, ORGANIZATION_PERMISSIONS as O } from '@modshelf/service-kit';
import { given } from '../catalogue/testing/given';
import { organizationDecider } from './organization.decider';

const owner = { userId: 'OwnerAAA', role: 'developer' as const };
const member = { userId: 'MemberBB', role: 'developer' as const };
const stranger = { userId: 'StrangeC', role: 'developer' as const };
const admin = { userId: 'AdminEEE', role: 'admin' as const };
const ORG = 'OrgAAAAA';
const TEAM = 'TeamAAAA';
const P = 'ProjAAAA';

const created = [
  OrganizationCreated({ organization_id: ORG, team_id: TEAM, owner_id: owner.userId, slug: 'acme', name: 'Acme', description: 'We make mods' }),
  OrganizationMemberAdded({
    user_id: owner.userId,
    role: 'Owner',
    permissions: ALL_PROJECT_PERMISSIONS,
    organization_permissions: ALL_ORGANIZATION_PERMISSIONS,
    ordering: 0,
    accepted: true,
    is_owner: true,
  }),
];
const invited = (perms: number) =>
  OrganizationMemberAdded({
    user_id: member.userId,
    role: 'Member',
    permissions: 0,
    organization_permissions: perms,
    ordering: 1,
    accepted: false,
    is_owner: false,
  });
const withMember = (perms: number) => [...created, invited(perms), OrganizationInviteAccepted({ user_id: member.userId })];

describe('organization decider', () => {
  it('creates the organization with its owner as the first member holding every bit', () => {
    given(organizationDecider, [])
      .when({ kind: 'create', actor: owner, organization_id: ORG, team_id: TEAM, slug: 'acme', name: 'Acme', description: 'We make mods' })
      .then(created);
    given(organizationDecider, created)
      .when({ kind: 'create', actor: owner, organization_id: ORG, team_id: TEAM, slug: 'x', name: 'xyz', description: 'xyz' })
      .thenError('conflict');
  });

  it('edits with EDIT_DETAILS only, and only what changed', () => {
    given(organizationDecider, created)
      .when({ kind: 'edit', actor: owner, changes: { name: 'Acme Inc', slug: 'acme' } })
      .then([OrganizationEdited({ changes: { name: 'Acme Inc' } })]);
    given(organizationDecider, created)
      .when({ kind: 'edit', actor: stranger, changes: { name: 'Mine' } })
      .thenError('unauthorized');
    given(organizationDecider, withMember(0))
      .when({ kind: 'edit', actor: member, changes: { name: 'Mine' } })
      .thenError('unauthorized');
    given(organizationDecider, withMember(O.EDIT_DETAILS))
      .when({ kind: 'edit', actor: member, changes: { name: 'Ours' } })
      .then([OrganizationEdited({ changes: { name: 'Ours' } })]);
    given(organizationDecider, withMember(O.EDIT_DETAILS))
      .when({ kind: 'edit', actor: admin, changes: { description: 'Moderated' } })
      .then([OrganizationEdited({ changes: { description: 'Moderated' } })]);
  });

  it('invites, accepts, edits and removes members by their bits', () => {
    given(organizationDecider, created)
      .when({ kind: 'invite', actor: owner, user_id: member.userId, role: 'Member', permissions: 0, organization_permissions: O.EDIT_DETAILS, ordering: 1 })
      .then([invited(O.EDIT_DETAILS)]);
    given(organizationDecider, [...created, invited(0)])
      .when({ kind: 'invite', actor: owner, user_id: member.userId, role: 'Member', permissions: 0, organization_permissions: 0, ordering: 1 })
      .thenError('invalid_input', /pending invite/);
    // a pending invitee holds nothing yet
    given(organizationDecider, [...created, invited(O.MANAGE_INVITES)])
      .when({ kind: 'invite', actor: member, user_id: stranger.userId, role: 'Member', permissions: 0, organization_permissions: 0, ordering: 2 })
      .thenError('unauthorized');
    given(organizationDecider, [...created, invited(0)])
      .when({ kind: 'join', actor: member })
      .then([OrganizationInviteAccepted({ user_id: member.userId })]);
    given(organizationDecider, created).when({ kind: 'join', actor: stranger }).thenError('not_found');
    given(organizationDecider, withMember(0)).when({ kind: 'join', actor: member }).thenError('invalid_input');
    // no handing out bits one does not hold
    given(organizationDecider, withMember(O.MANAGE_INVITES))
      .when({
        kind: 'invite',
        actor: member,
        user_id: stranger.userId,
        role: 'Member',
        permissions: 0,
        organization_permissions: O.DELETE_ORGANIZATION,
        ordering: 2,
      })
      .thenError('unauthorized');
    given(organizationDecider, withMember(0))
      .when({ kind: 'edit-member', actor: owner, user_id: member.userId, organization_permissions: O.ADD_PROJECT, role: 'Member' })
      .then([OrganizationMemberEdited({ user_id: member.userId, organization_permissions: O.ADD_PROJECT })]);
    given(organizationDecider, withMember(O.EDIT_MEMBER))
      .when({ kind: 'edit-member', actor: member, user_id: owner.userId, organization_permissions: 0 })
      .thenError('invalid_input');
    given(organizationDecider, withMember(0))
      .when({ kind: 'remove-member', actor: member, user_id: member.userId })
      .then([OrganizationMemberRemoved({ user_id: member.userId })]);
    given(organizationDecider, withMember(0)).when({ kind: 'remove-member', actor: stranger, user_id: member.userId }).thenError('unauthorized');
    given(organizationDecider, withMember(O.REMOVE_MEMBER))
      .when({ kind: 'remove-member', actor: member, user_id: owner.userId })
      .thenError('invalid_input', /owner/);
  });

  it('adds a project the actor owns, once, and removes it with REMOVE_PROJECT', () => {
    given(organizationDecider, created)
      .when({ kind: 'add-project', actor: owner, project_id: P, project_rights: true, project_organization: null })
      .then([OrganizationProjectAdded({ project_id: P })]);
    given(organizationDecider, created)
      .when({ kind: 'add-project', actor: owner, project_id: P, project_rights: false, project_organization: null })
      .thenError('unauthorized');
    given(organizationDecider, created)
      .when({ kind: 'add-project', actor: owner, project_id: P, project_rights: true, project_organization: 'OtherOrg' })
      .thenError('invalid_input');
    given(organizationDecider, withMember(0))
      .when({ kind: 'add-project', actor: member, project_id: P, project_rights: true, project_organization: null })
      .thenError('unauthorized');
    const withProject = [...created, OrganizationProjectAdded({ project_id: P })];
    given(organizationDecider, withProject)
      .when({ kind: 'add-project', actor: owner, project_id: P, project_rights: true, project_organization: ORG })
      .thenError('invalid_input');
    given(organizationDecider, withProject)
      .when({ kind: 'remove-project', actor: owner, project_id: P })
      .then([OrganizationProjectRemoved({ project_id: P })]);
    given(organizationDecider, created).when({ kind: 'remove-project', actor: owner, project_id: P }).thenError('invalid_input');
  });

  it('deletes with DELETE_ORGANIZATION; a deleted organization is not found', () => {
    given(organizationDecider, withMember(O.EDIT_DETAILS)).when({ kind: 'delete', actor: member }).thenError('unauthorized');
    given(organizationDecider, created)
      .when({ kind: 'delete', actor: owner })
      .then([OrganizationDeleted({ organization_id: ORG })]);
    const gone = [...created, OrganizationDeleted({ organization_id: ORG })];
    given(organizationDecider, gone)
      .when({ kind: 'edit', actor: owner, changes: { name: 'Back' } })
      .thenError('not_found');
    expect(given(organizationDecider, gone).state.deleted).toBe(true);
  });

  it('transfers ownership from the owner (or staff) to an accepted member; the former owner stays a member', () => {
    const transferred = OrganizationOwnershipTransferred({ from: owner.userId, to: member.userId });
    given(organizationDecider, withMember(0)).when({ kind: 'transfer-ownership', actor: owner, user_id: member.userId }).then([transferred]);
    given(organizationDecider, withMember(0)).when({ kind: 'transfer-ownership', actor: admin, user_id: member.userId }).then([transferred]);
    // a member holding every organization bit is still not the owner
    given(organizationDecider, withMember(ALL_ORGANIZATION_PERMISSIONS))
      .when({ kind: 'transfer-ownership', actor: member, user_id: member.userId })
      .thenError('unauthorized');
    given(organizationDecider, [...created, invited(0)])
      .when({ kind: 'transfer-ownership', actor: owner, user_id: member.userId })
      .thenError('invalid_input', /accepted/);
    given(organizationDecider, created).when({ kind: 'transfer-ownership', actor: owner, user_id: stranger.userId }).thenError('invalid_input');
    given(organizationDecider, withMember(0)).when({ kind: 'transfer-ownership', actor: owner, user_id: owner.userId }).then([]);
    const after = given(organizationDecider, [...withMember(0), transferred]);
    expect(after.state.owner_id).toBe(member.userId);
    expect(after.state.members.find((m) => m.user_id === member.userId)).toMatchObject({
      is_owner: true,
      organization_permissions: ALL_ORGANIZATION_PERMISSIONS,
    });
    expect(after.state.members.find((m) => m.user_id === owner.userId)).toMatchObject({ is_owner: false, accepted: true });
    // the new owner now edits; the former owner cannot remove them
    given(organizationDecider, [...withMember(0), transferred])
      .when({ kind: 'edit', actor: member, changes: { name: 'Theirs' } })
      .then([OrganizationEdited({ changes: { name: 'Theirs' } })]);
    given(organizationDecider, [...withMember(0), transferred])
      .when({ kind: 'remove-member', actor: owner, user_id: member.userId })
      .thenError('invalid_input', /owner/);
  });
});
