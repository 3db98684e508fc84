import { describe, expect, it } from 'vitest';
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS } from '@modshelf/contract';
import { teamAccess, verdict, type TeamEntry } from './access';

const alice = { id: 'alice', role: 'developer' };
const mod = { id: 'mod', role: 'moderator' };
const admin = { id: 'root', role: 'admin' };
const team: TeamEntry[] = [
  { user: { id: 'owner' }, is_owner: true, accepted: true, permissions: 0 },
  { user: { id: 'alice' }, accepted: true, permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION, organization_permissions: ORGANIZATION_PERMISSIONS.ADD_PROJECT },
  { user: { id: 'invited' }, accepted: false, permissions: ALL_PROJECT_PERMISSIONS },
];

describe('verdict', () => {
  it('waits while the user is read, sends the anonymous to sign in', () => {
    expect(verdict(undefined, 'user')).toBe('wait');
    expect(verdict(null, 'user')).toBe('sign-in');
    expect(verdict(null, 'admin')).toBe('sign-in');
    expect(verdict(alice, 'user')).toBe('allow');
  });
  it('staff pages: moderators and admins; admin pages: admins', () => {
    expect(verdict(alice, 'staff')).toBe('forbidden');
    expect(verdict(mod, 'staff')).toBe('allow');
    expect(verdict(admin, 'staff')).toBe('allow');
    expect(verdict(mod, 'admin')).toBe('forbidden');
    expect(verdict(admin, 'admin')).toBe('allow');
  });
  it('team pages: accepted members and staff; waits for the team', () => {
    expect(verdict(alice, { team: undefined, of: 'project' })).toBe('wait');
    expect(verdict(alice, { team, of: 'project' })).toBe('allow');
    expect(verdict({ id: 'invited', role: 'developer' }, { team, of: 'project' })).toBe('forbidden');
    expect(verdict({ id: 'stranger', role: 'developer' }, { team, of: 'project' })).toBe('forbidden');
    expect(verdict(mod, { team, of: 'project' })).toBe('allow');
  });
  it('team pages with a permission: the member needs those bits (the owner and staff hold all)', () => {
    const upload = { team, of: 'project' as const, permission: PROJECT_PERMISSIONS.UPLOAD_VERSION };
    const del = { team, of: 'project' as const, permission: PROJECT_PERMISSIONS.DELETE_PROJECT };
    expect(verdict(alice, upload)).toBe('allow');
    expect(verdict(alice, del)).toBe('forbidden');
    expect(verdict({ id: 'owner', role: 'developer' }, del)).toBe('allow');
    expect(verdict(admin, del)).toBe('allow');
    expect(verdict(alice, { team, of: 'organization', permission: ORGANIZATION_PERMISSIONS.ADD_PROJECT })).toBe('allow');
    expect(verdict(alice, { team, of: 'organization', permission: ORGANIZATION_PERMISSIONS.EDIT_DETAILS })).toBe('forbidden');
  });
});

describe('teamAccess', () => {
  it("reads the project's or the organization's bits, all of them for staff and the owner", () => {
    expect(teamAccess(alice, team, 'project').permissions).toBe(PROJECT_PERMISSIONS.UPLOAD_VERSION);
    expect(teamAccess(alice, team, 'organization').permissions).toBe(ORGANIZATION_PERMISSIONS.ADD_PROJECT);
    expect(teamAccess({ id: 'owner', role: 'developer' }, team, 'project').permissions).toBe(ALL_PROJECT_PERMISSIONS);
    expect(teamAccess({ id: 'owner', role: 'developer' }, team, 'organization').permissions).toBe(ALL_ORGANIZATION_PERMISSIONS);
    expect(teamAccess(mod, team, 'project')).toEqual({ member: null, staff: true, permissions: ALL_PROJECT_PERMISSIONS });
    expect(teamAccess({ id: 'invited', role: 'developer' }, team, 'project')).toEqual({ member: null, staff: false, permissions: 0 });
    expect(teamAccess(null, team, 'project')).toEqual({ member: null, staff: false, permissions: 0 });
  });
});
