/**
 * The form kit every micro-frontend uses: a labelled field, the form's error line, the text of a
 * failure, and a hook that runs a write with a busy flag. Styles: `.ms-field*` and `.ms-form-error`
 * in tokens.css.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { ApiError } from './api';
import { ERRORS } from './constants';
import { toasts } from './toasts';

/** What to tell a person about a failure: the API's description, else the error's message. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.description || e.message || ERRORS.fallback.message;
  if (e instanceof Error) return e.message || ERRORS.fallback.message;
  return ERRORS.fallback.message;
}

/** A control with its label (the wrapping label names it), an optional hint and error text. */
export function Field({ label, children, hint, error }: { label: string; children: ReactNode; hint?: ReactNode; error?: string | null }) {
  return (
    <label className="ms-field">
      <span className="ms-field__label">{label}</span>
      {children}
      {hint && <small className="ms-muted">{hint}</small>}
      {error && <small className="ms-form-error">{error}</small>}
    </label>
  );
}

/** The form's failure, announced to screen readers; nothing when there is none. */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="ms-form-error" role="alert">
      {error}
    </p>
  );
}

export interface ActionOptions {
  /** When set, a failure is also toasted under this title (its text is the failure's). */
  failureTitle?: string;
}

/**
 * Runs an async action with a busy flag; a failure becomes `error` (and a toast when asked),
 * the run answers undefined. `success`, when given, is toasted after the action succeeds.
 */
export function useAction({ failureTitle }: ActionOptions = {}) {
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
        if (failureTitle) toasts.add({ title: failureTitle, text, type: 'error' });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [failureTitle],
  );
  return { busy, error, setError, run };
}
