import type { ReactNode } from 'react';
import type { useAction } from '@modshelf/web-kit';

type Action = ReturnType<typeof useAction>;

/**
 * A button that runs one step through a shared `useAction` (disabled while any of its steps is busy;
 * the action keeps the error). `danger` styles it as a destructive step.
 */
export function ActionButton({
  action,
  onRun,
  danger = false,
  primary = false,
  disabled = false,
  title,
  children,
}: {
  action: Action;
  onRun: () => Promise<unknown>;
  danger?: boolean;
  primary?: boolean;
  disabled?: boolean;
  title?: string;
  children: ReactNode;
}) {
  const className = `ms-btn${primary ? ' ms-btn--primary' : ''}${danger ? ' set-btn-danger' : ''}`;
  return (
    <button type="button" className={className} disabled={action.busy || disabled} title={title} onClick={() => void action.run(onRun)}>
      {children}
    </button>
  );
}
