import { teamAccess, type Session, type TeamMember } from '@modshelf/web-kit';

/** Whether the signed-in user sees the Settings tab (team members and staff). */
export function canManage(session: Session | null, members: readonly TeamMember[]): boolean {
  const a = teamAccess(session?.user, members, 'project');
  return !!a.member || a.staff;
}
