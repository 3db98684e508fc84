import { describe, expect, it } from 'vitest';
import { canTransition, PROJECT_STATUS_TRANSITIONS } from '@modshelf/contract/project-status';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@modshelf/contract/scopes';
import { PROJECT_STATUSES } from '@modshelf/contract/tags';
import type { TeamMember } from '@modshelf/web-kit';
import { accessOf, canSubmitForReview, has, PERMISSION_NAMES, teamTransitions, togglePermission } from './lib';

const owner: TeamMember = {
  team_id: 't',
  user: {
    id: 'o',
    username: 'o',
    name: null,
    email: null,
    bio: null,
    avatar_url: null,
    created: '',
    role: 'developer',
    badges: 0,
    auth_providers: null,
    email_verified: null,
    has_password: null,
    has_totp: null,
    payout_data: null,
    github_id: null,
  },
  role: 'Owner',
  permissions: 0,
  accepted: true,
  is_owner: true,
  payouts_split: null,
  ordering: 0,
};

describe("the author tabs' rules agree with the contract", () => {
  it('offers the team exactly the contract table team column, for every status', () => {
    for (const status of PROJECT_STATUSES) {
      expect(teamTransitions(status)).toEqual(PROJECT_STATUS_TRANSITIONS[status].team);
      for (const to of PROJECT_STATUSES) expect(teamTransitions(status).includes(to)).toBe(canTransition(status, to, 'team'));
    }
    expect(teamTransitions('no-such-status')).toEqual([]);
    expect(teamTransitions('toString')).toEqual([]);
  });

  it("offers 'Submit for review' exactly where the team may move the project to processing", () => {
    for (const status of PROJECT_STATUSES) {
      expect(canSubmitForReview({ status, versions: ['v'] }).ok).toBe(canTransition(status, 'processing', 'team'));
    }
  });

  it('lists, reads and toggles every contract permission bit, and nothing else', () => {
    expect(PERMISSION_NAMES).toEqual(Object.keys(PROJECT_PERMISSIONS));
    expect(PERMISSION_NAMES.reduce((all, p) => togglePermission(all, p, true), 0)).toBe(ALL_PROJECT_PERMISSIONS);
    for (const p of PERMISSION_NAMES) {
      expect(togglePermission(0, p, true)).toBe(PROJECT_PERMISSIONS[p]);
      expect(has(PROJECT_PERMISSIONS[p], p)).toBe(true);
      expect(has(ALL_PROJECT_PERMISSIONS - PROJECT_PERMISSIONS[p], p)).toBe(false);
    }
    expect(accessOf({ id: 'o', role: 'developer' }, [owner]).permissions).toBe(ALL_PROJECT_PERMISSIONS);
  });
});
