import { describe, expect, it } from 'vitest';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS as P } from './scopes';
import { projectPermissionsOf, seesHiddenProject } from './project-access';

const member = (permissions: number, accepted = true, is_owner = false) => ({ permissions, accepted, is_owner });

describe('project access rule', () => {
  it('an accepted project team entry takes precedence over the organization entry', () => {
    expect(projectPermissionsOf(member(P.EDIT_BODY), member(P.UPLOAD_VERSION))).toBe(P.EDIT_BODY);
    expect(projectPermissionsOf(member(0), member(ALL_PROJECT_PERMISSIONS, true, true))).toBe(0);
  });
  it('without a team entry (or with a pending one) the accepted organization entry grants its bits; its owner all', () => {
    expect(projectPermissionsOf(undefined, member(P.UPLOAD_VERSION))).toBe(P.UPLOAD_VERSION);
    expect(projectPermissionsOf(member(P.EDIT_BODY, false), member(P.UPLOAD_VERSION))).toBe(P.UPLOAD_VERSION);
    expect(projectPermissionsOf(undefined, member(0, true, true))).toBe(ALL_PROJECT_PERMISSIONS);
    expect(projectPermissionsOf(member(0, true, true), undefined)).toBe(ALL_PROJECT_PERMISSIONS);
  });
  it('pending invitations grant nothing', () => {
    expect(projectPermissionsOf(member(P.EDIT_BODY, false), member(P.UPLOAD_VERSION, false))).toBe(0);
    expect(projectPermissionsOf(undefined, undefined)).toBe(0);
  });
  it('a hidden project is seen by any team entry or an accepted organization entry', () => {
    expect(seesHiddenProject(member(0, false), undefined)).toBe(true);
    expect(seesHiddenProject(undefined, member(0))).toBe(true);
    expect(seesHiddenProject(undefined, member(0, false))).toBe(false);
    expect(seesHiddenProject(undefined, undefined)).toBe(false);
  });
});
