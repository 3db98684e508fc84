/** The organization settings' writes: the commands, the loaded data they act on, and one way to run them. */
import { useCallback } from 'react';
import { command, useAction, useT, type Organization, type Project } from '@modshelf/web-kit';
import type { OrgMember } from './lib';

export const enc = encodeURIComponent;
export const orgCommands = {
  edit: (id: string, b: { name?: string; slug?: string; description?: string }) => command(`/organization/${enc(id)}`, 'PATCH', b),
  icon: (id: string, f: File) =>
    command(`/organization/${enc(id)}/icon`, 'PATCH', undefined, {
      query: { ext: f.name.split('.').pop()?.toLowerCase() ?? 'png' },
      raw: f,
      contentType: f.type || 'image/png',
    }),
  removeIcon: (id: string) => command(`/organization/${enc(id)}/icon`, 'DELETE'),
  remove: (id: string) => command(`/organization/${enc(id)}`, 'DELETE'),
  invite: (id: string, userId: string) => command(`/organization/${enc(id)}/members`, 'POST', { user_id: userId }),
  editMember: (id: string, userId: string, b: { role?: string; permissions?: number; organization_permissions?: number }) =>
    command(`/organization/${enc(id)}/members/${enc(userId)}`, 'PATCH', b),
  removeMember: (id: string, userId: string) => command(`/organization/${enc(id)}/members/${enc(userId)}`, 'DELETE'),
  transferOwnership: (teamId: string, userId: string) => command(`/team/${enc(teamId)}/owner`, 'PATCH', { user_id: userId }),
  addProject: (id: string, projectId: string) => command(`/organization/${enc(id)}/projects`, 'POST', { project_id: projectId }),
  removeProject: (id: string, projectId: string) => command(`/organization/${enc(id)}/projects/${enc(projectId)}`, 'DELETE'),
};

export interface OrgData {
  org: Organization;
  members: OrgMember[];
  projects: Project[];
  /** reloads everything after a write, once the read side has passed `position` */
  refresh: (position: number | null) => Promise<void>;
}

/** Runs a write, waits for the read side (read-your-writes), reloads and toasts. */
export function useWrite(data: OrgData) {
  const t = useT();
  const { busy, error, run: runAction } = useAction({ failureTitle: t('org.saveFailed', 'Could not save') });
  const run = useCallback(
    async (fn: () => Promise<{ position: number | null }>, success?: string, after?: () => void): Promise<boolean> => {
      const done = await runAction(
        async () => {
          const r = await fn();
          if (after) after();
          else await data.refresh(r.position);
          return true;
        },
        success ?? t('org.saved', 'Changes saved'),
      );
      return done === true;
    },
    [data, runAction, t],
  );
  return { busy, error, run };
}
