import { useLayoutEffect, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { projectStatusLabel, sessionAtom, useAction as useKitAction, useT, type User } from '@modshelf/web-kit';
import { statusTone } from './lib/logic';

/** remote.tsx (another part of issue 11 rewrites it) still takes useT from here. */
export { useT };

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
  return (
    <span className={`dash-badge dash-badge--${statusTone(status)}`} data-testid="status-badge" data-status={status}>
      {projectStatusLabel(t, status)}
    </span>
  );
}

/** A modal dialog: Escape or a click outside closes it. */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  // a layout effect: Escape works from the moment the dialog shows (preact runs plain effects a frame later)
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="ms-backdrop dash-dialog" role="presentation" onMouseDown={onClose}>
      <div className="ms-card dash-dialog__box" role="dialog" aria-modal="true" aria-label={title} onMouseDown={(e) => e.stopPropagation()}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}
