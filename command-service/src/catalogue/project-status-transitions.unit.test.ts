import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '@modshelf/events';
import { canTransition, isKnownTransition, type ProjectStatus } from './project-status-transitions';

/** The expected answers, written out independently of the table's layout. */
const TEAM_ALLOWED = new Set([
  'draft>processing',
  'rejected>processing',
  'withheld>processing',
  'approved>archived',
  'approved>unlisted',
  'approved>private',
  'archived>approved',
  'archived>unlisted',
  'archived>private',
  'unlisted>approved',
  'unlisted>archived',
  'unlisted>private',
  'private>approved',
  'private>archived',
  'private>unlisted',
]);
const STAFF_ONLY = new Set([
  'processing>approved',
  'processing>archived',
  'processing>unlisted',
  'processing>private',
  'processing>rejected',
  'processing>withheld',
  'rejected>approved',
  'rejected>archived',
  'rejected>unlisted',
  'rejected>private',
  'rejected>withheld',
  'withheld>approved',
  'withheld>archived',
  'withheld>unlisted',
  'withheld>private',
  'withheld>rejected',
  'approved>rejected',
  'approved>withheld',
  'archived>rejected',
  'archived>withheld',
  'unlisted>rejected',
  'unlisted>withheld',
  'private>rejected',
  'private>withheld',
]);

describe('project status transitions', () => {
  const statuses = PROJECT_STATUSES as readonly ProjectStatus[];
  for (const from of statuses) {
    for (const to of statuses) {
      const key = `${from}>${to}`;
      const team = TEAM_ALLOWED.has(key);
      const staff = team || STAFF_ONLY.has(key);
      it(`${key}: team ${team ? 'may' : 'may not'}, staff ${staff ? 'may' : 'may not'}`, () => {
        expect(canTransition(from, to, 'team')).toBe(team);
        expect(canTransition(from, to, 'staff')).toBe(staff);
        expect(isKnownTransition(from, to)).toBe(staff);
      });
    }
  }
  it('never allows staying put, scheduling or unknown', () => {
    for (const s of statuses) {
      expect(canTransition(s, s, 'staff')).toBe(false);
      expect(canTransition(s, 'scheduled', 'staff')).toBe(false);
      expect(canTransition(s, 'unknown', 'staff')).toBe(false);
    }
  });
});
