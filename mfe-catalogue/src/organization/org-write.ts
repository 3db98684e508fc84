/** The organization settings' writes: the commands, the loaded data they act on, and one way to run them. */
import { useCallback, useState } from 'react';
import { toasts, type Organization, type Project } from '@modshelf/web-kit';
import { command } from '../project/settings/lib';
import { errorText } from '../project/settings/common';
import type { OrgMember } from './lib';
import { useT } from './t';

export const enc = encodeURIComponent;
export const orgCommands = {
  edit: (id: string, b: { name?: string; slug?: string; description?: string }) => command(`/organization/${enc(id)}`, 'PATCH', b),
  icon: (id: string, f: File) => command(`/organization/${enc(id)}/icon`, 'PATCH', undefined, { query: { ext: f.name.split('.').pop()?.toLowerCase() ?? 'png' }, raw: f, contentType: f.type || 'image/png' }),
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (fn: () => Promise<{ position: number | null }>, success?: string, after?: () => void): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        const r = await fn();
        if (after) after();
        else await data.refresh(r.position);
        toasts.add({ title: success ?? t('org.saved', 'Changes saved'), type: 'success' });
        return true;
      } catch (e) {
        const text = errorText(e);
        setError(text);
        toasts.add({ title: t('org.saveFailed', 'Could not save'), text, type: 'error' });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [data, t],
  );
  return { busy, error, run };
}
