import { useCallback, useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { sessionAtom, useAction as useKitAction, type User } from '@modshelf/web-kit';
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

export function Loading() {
  return <div className="dash-loading" aria-busy="true" />;
}

/** The kit's useAction; a failure is also toasted as "Something went wrong". */
export function useAction() {
  const t = useT();
  return useKitAction({ failureTitle: t('common.failed', 'Something went wrong') });
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
