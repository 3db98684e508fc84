import type { ReactNode } from 'react';
import { Loading } from '../common';

/** A dashboard list page: its heading with the primary "create" button, then the list. */
export function ListPage({
  title,
  createLabel,
  onCreate,
  createTestId,
  children,
}: {
  title: string;
  createLabel: string;
  onCreate: () => void;
  createTestId?: string;
  children: ReactNode;
}) {
  return (
    <div className="dash-stack">
      <div className="dash-card__head">
        <h1>{title}</h1>
        <button type="button" className="ms-btn ms-btn--primary" onClick={onCreate} data-testid={createTestId}>
          {createLabel}
        </button>
      </div>
      {children}
    </div>
  );
}

/** `children` with the loaded data; before that the load's error, or the loading state. */
export function WhenLoaded<T>({ state, children }: { state: { data: T | undefined; error: Error | undefined }; children: (data: T) => ReactNode }) {
  if (state.data !== undefined) return <>{children(state.data)}</>;
  return state.error ? <p className="ms-error">{state.error.message}</p> : <Loading />;
}
