import { useCallback, useState, type ReactNode } from 'react';
import { ApiError, ERRORS, toasts } from '@modshelf/web-kit';
import type { ProjectData } from '../project-data';
import { caughtUp } from './lib';
import { useT } from './t';

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.description || e.message || ERRORS.fallback.message;
  if (e instanceof Error) return e.message || ERRORS.fallback.message;
  return ERRORS.fallback.message;
}

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="pset-field">
      <span className="pset-field__label">{label}</span>
      {children}
      {hint && <small className="ms-muted">{hint}</small>}
    </label>
  );
}

export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return <p className="ms-error pset-error" role="alert">{error}</p>;
}

/**
 * Runs a write, waits until the read side has caught up with it (read-your-writes), reloads the
 * project's data and toasts. Answers whether it worked.
 */
export function useSave(data: ProjectData) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (fn: () => Promise<{ position: number | null } | void>, success?: string, after?: () => void): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        const r = await fn();
        await caughtUp(data.project.id, r ? r.position : null);
        // `after` replaces the reload when the write moved the project (a new slug): the old address is gone
        if (after) after();
        else data.refresh?.();
        toasts.add({ title: success ?? t('settings.saved', 'Changes saved'), type: 'success' });
        return true;
      } catch (e) {
        const text = errorText(e);
        setError(text);
        toasts.add({ title: t('settings.saveFailed', 'Could not save'), text, type: 'error' });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [data, t],
  );
  return { busy, error, run, setError };
}

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const labels: Record<string, string> = {
    approved: t('status.approved', 'Public'),
    archived: t('status.archived', 'Archived'),
    rejected: t('status.rejected', 'Rejected'),
    draft: t('status.draft', 'Draft'),
    unlisted: t('status.unlisted', 'Unlisted'),
    processing: t('status.processing', 'Under review'),
    withheld: t('status.withheld', 'Unlisted by staff'),
    scheduled: t('status.scheduled', 'Scheduled'),
    private: t('status.private', 'Private'),
    unknown: t('status.unknown', 'Unknown'),
  };
  return (
    <span className={`pset-status pset-status--${status}`} data-testid="project-status" data-status={status}>
      {labels[status] ?? status}
    </span>
  );
}
