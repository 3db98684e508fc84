/** What the signed-in user may do on this project (from the team's permission bits). */
import { useAtomValue } from 'jotai';
import { sessionAtom } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { accessOf } from './lib';

export function useAccess(data: ProjectData) {
  const session = useAtomValue(sessionAtom);
  return accessOf(session?.user, data.members);
}
