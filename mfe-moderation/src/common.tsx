import { useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useAtomValue } from 'jotai';
import { ApiError, ERRORS, formatRelativeTime, sessionAtom, useApi, usePageMeta, type User } from '@modshelf/web-kit';
import { moderation } from './lib/api';

/** formatMessage with the English text inline: t('id', 'English {x}', { x }). */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: string, defaultMessage: string, values?: Record<string, string | number>) => intl.formatMessage({ id, defaultMessage }, values),
    [intl],
  );
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.description || e.message || ERRORS.fallback.message;
  if (e instanceof Error) return e.message || ERRORS.fallback.message;
  return ERRORS.fallback.message;
}

export function Loading() {
  return <div className="mod-loading" aria-busy="true" />;
}

export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return <p className="mod-error" role="alert">{error}</p>;
}

/** Runs an async action with a busy flag and an error message. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(errorText(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}

/** A time shown relative ("3 minutes ago") with the exact time as a tooltip. */
export function When({ iso }: { iso: string | null | undefined }) {
  const intl = useIntl();
  if (!iso) return <span className="ms-muted">—</span>;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(intl.locale)}>
      {formatRelativeTime(iso, intl.locale)}
    </time>
  );
}

/** The signed-in user, or null when anonymous (read again whenever the shared session changes). */
export function useMe() {
  const session = useAtomValue(sessionAtom);
  return useApi<User | null>(`moderation:me:${session?.user?.id ?? 'anonymous'}`, (signal) =>
    moderation.me(signal).catch((e) => {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }),
  );
}

/** The moderation frame: a side navigation and the page. */
export function ModerationLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  usePageMeta(title);
  return (
    <div className="mod-layout">
      <nav className="mod-nav" aria-label={t('nav.label', 'Moderation')}>
        <h2>{t('nav.label', 'Moderation')}</h2>
        <NavLink to="/moderation" end>{t('nav.overview', 'Overview')}</NavLink>
        <NavLink to="/moderation/review">{t('nav.review', 'Review queue')}</NavLink>
        <NavLink to="/moderation/reports">{t('nav.reports', 'Reports')}</NavLink>
      </nav>
      <main className="mod-page">{children}</main>
    </div>
  );
}
