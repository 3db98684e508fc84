import { describe, expect, it } from 'vitest';
import { toggleBit } from '../project/settings/lib';
import { ALL_ORG_PERMISSIONS, hasOrg, orgAccess, settingsTab, type OrgMember } from './lib';

const member = (id: string, over: Partial<OrgMember> = {}): OrgMember => ({
  team_id: 't',
  user: { id, username: id } as OrgMember['user'],
  role: 'Member',
  is_owner: false,
  permissions: 0,
  organization_permissions: 0,
  accepted: true,
  ...over,
});

describe('organization settings lib', () => {
  it('gives the owner and staff every bit, members theirs, pending invitees none', () => {
    const members = [
      member('o', { is_owner: true }),
      member('m', { organization_permissions: 1 | 16 }),
      member('p', { accepted: false, organization_permissions: 255 }),
    ];
    expect(orgAccess({ id: 'o', role: 'developer' }, members).permissions).toBe(ALL_ORG_PERMISSIONS);
    expect(orgAccess({ id: 'x', role: 'moderator' }, members).permissions).toBe(ALL_ORG_PERMISSIONS);
    const m = orgAccess({ id: 'm', role: 'developer' }, members).permissions;
    expect(hasOrg(m, 'EDIT_DETAILS') && hasOrg(m, 'ADD_PROJECT') && !hasOrg(m, 'REMOVE_PROJECT')).toBe(true);
    expect(orgAccess({ id: 'p', role: 'developer' }, members).permissions).toBe(0);
    expect(orgAccess(null, members).permissions).toBe(0);
    expect(toggleBit(toggleBit(0, 4, true), 4, false)).toBe(0);
  });

  it('reads the tab from the path', () => {
    expect(settingsTab('/organization/acme/settings')).toBe('');
    expect(settingsTab('/organization/acme/settings/')).toBe('');
    expect(settingsTab('/organization/acme/settings/members')).toBe('members');
    expect(settingsTab('/organization/acme/settings/projects')).toBe('projects');
    expect(settingsTab('/organization/acme/settings/analytics')).toBe('analytics');
    expect(settingsTab('/organization/acme/settings/nope')).toBeNull();
  });
});
