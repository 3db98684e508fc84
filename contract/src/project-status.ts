import type { PROJECT_STATUSES } from './tags';

export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Who asks for a transition: a team member holding EDIT_DETAILS, or staff (moderator/admin). */
export type TransitionActor = 'team' | 'staff';

/**
 * THE project status transition table: from -> who -> the statuses they may set.
 * Everything not listed is forbidden. Staff may also make every team transition.
 *
 *  - draft -> processing: the team submits for review (needs at least one version).
 *  - processing -> approved / archived / unlisted / private (approve, landing on the requested
 *    visibility), rejected, withheld: staff only.
 *  - rejected / withheld -> processing: the team resubmits.
 *  - approved-type (approved, archived, unlisted, private): the team switches between them
 *    (Modrinth's requested statuses); staff can also reject or withhold a listed project.
 *  - rejected / withheld -> approved-type: staff reverses a decision.
 *  - scheduled and unknown are never set through this table.
 */
export const PROJECT_STATUS_TRANSITIONS: Readonly<Record<ProjectStatus, Readonly<Record<TransitionActor, readonly ProjectStatus[]>>>> = {
  draft: { team: ['processing'], staff: [] },
  processing: { team: [], staff: ['approved', 'archived', 'unlisted', 'private', 'rejected', 'withheld'] },
  rejected: { team: ['processing'], staff: ['approved', 'archived', 'unlisted', 'private', 'withheld'] },
  withheld: { team: ['processing'], staff: ['approved', 'archived', 'unlisted', 'private', 'rejected'] },
  approved: { team: ['archived', 'unlisted', 'private'], staff: ['rejected', 'withheld'] },
  archived: { team: ['approved', 'unlisted', 'private'], staff: ['rejected', 'withheld'] },
  unlisted: { team: ['approved', 'archived', 'private'], staff: ['rejected', 'withheld'] },
  private: { team: ['approved', 'archived', 'unlisted'], staff: ['rejected', 'withheld'] },
  scheduled: { team: [], staff: [] },
  unknown: { team: [], staff: [] },
};

/** Whether `actor` may move a project from `from` to `to` (staff may do anything the team may). */
export function canTransition(from: ProjectStatus, to: ProjectStatus, actor: TransitionActor): boolean {
  const row = PROJECT_STATUS_TRANSITIONS[from];
  if (!row) return false;
  if (row.team.includes(to)) return true;
  return actor === 'staff' && row.staff.includes(to);
}

/** Whether anybody at all may make this transition (tells a 400 from a 401). */
export function isKnownTransition(from: ProjectStatus, to: ProjectStatus): boolean {
  return canTransition(from, to, 'staff');
}

/** Statuses a reader without team membership or staff role cannot see: they answer 404. */
export const HIDDEN_PROJECT_STATUSES: readonly ProjectStatus[] = ['draft', 'processing', 'rejected', 'private', 'scheduled', 'unknown'];
export const APPROVED_TYPE: readonly ProjectStatus[] = ['approved', 'archived', 'unlisted', 'private'];
