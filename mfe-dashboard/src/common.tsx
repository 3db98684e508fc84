import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { ApiError, ERRORS, sessionAtom, toasts, type User } from '@modshelf/web-kit';
import { statusTone } from './lib/logic';

/** formatMessage with the English text inline: t(key, English text, values); keys live in ./messages/*.json. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (key: string, text: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key, defaultMessage: text }, values),
    [intl],
  );
}
export type T = ReturnType<typeof useT>;

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.description || e.message || ERRORS.fallback.message;
  if (e instanceof Error) return e.message || ERRORS.fallback.message;
  return ERRORS.fallback.message;
}

export function Loading() {
  return <div className="dash-loading" aria-busy="true" />;
}

export function Field({ label, children, hint, error }: { label: string; children: ReactNode; hint?: ReactNode; error?: string | null }) {
  return (
    <label className="dash-field">
      <span className="dash-field__label">{label}</span>
      {children}
      {hint && <small className="ms-muted">{hint}</small>}
      {error && <small className="ms-error">{error}</small>}
    </label>
  );
}

export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return <p className="ms-error dash-error" role="alert">{error}</p>;
}

/** Runs a write with a busy flag; failures become a message and a toast. */
export function useAction() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async <R,>(fn: () => Promise<R>, success?: string): Promise<R | undefined> => {
      setBusy(true);
      setError(null);
      try {
        const r = await fn();
        if (success) toasts.add({ title: success, type: 'success' });
        return r;
      } catch (e) {
        const text = errorText(e);
        setError(text);
        toasts.add({ title: t('common.failed', 'Something went wrong'), text, type: 'error' });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [t],
  );
  return { busy, error, setError, run };
}

/** The signed-in user (the dashboard is behind sign-in, so pages can rely on it). */
export function useUser(): User {
  const session = useAtomValue(sessionAtom);
  return session!.user!;
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
    <span className={`dash-badge dash-badge--${statusTone(status)}`} data-testid="status-badge" data-status={status}>
      {labels[status] ?? status}
    </span>
  );
}

/** A modal dialog: Escape or a click outside closes it. */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dash-dialog" role="presentation" onMouseDown={onClose}>
      <div className="ms-card dash-dialog__box" role="dialog" aria-modal="true" aria-label={title} onMouseDown={(e) => e.stopPropagation()}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}
