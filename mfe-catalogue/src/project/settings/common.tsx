import { useCallback } from 'react';
import { caughtUp, projectStatusLabel, useAction, useT } from '@modshelf/web-kit';
import type { ProjectData } from '../project-data';

/**
 * Runs a write, waits until the read side has caught up with it (read-your-writes), reloads the
 * project's data and toasts. Answers whether it worked.
 */
export function useSave(data: ProjectData) {
  const t = useT();
  const { busy, error, run: runAction, setError } = useAction({ failureTitle: t('settings.saveFailed', 'Could not save') });
  const run = useCallback(
    async (fn: () => Promise<{ position: number | null } | void>, success?: string, after?: () => void): Promise<boolean> => {
      const done = await runAction(
        async () => {
          const r = await fn();
          await caughtUp(r ? r.position : null, `/project/${encodeURIComponent(data.project.id)}`);
          // `after` replaces the reload when the write moved the project (a new slug): the old address is gone
          if (after) after();
          else data.refresh?.();
          return true;
        },
        success ?? t('settings.saved', 'Changes saved'),
      );
      return done === true;
    },
    [data, runAction, t],
  );
  return { busy, error, run, setError };
}

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span className={`pset-status pset-status--${status}`} data-testid="project-status" data-status={status}>
      {projectStatusLabel(t, status)}
    </span>
  );
}
