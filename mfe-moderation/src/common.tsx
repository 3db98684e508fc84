import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useAtomValue } from 'jotai';
import {
  ApiError,
  ErrorScreen,
  errorText,
  ERRORS,
  formatRelativeTime,
  invalidateApiCache,
  sessionAtom,
  signInPath,
  useApi,
  usePageMeta,
  useT,
  type User,
} from '@modshelf/web-kit';
import { moderation } from './lib/api';

export function Loading() {
  return <div className="mod-loading" aria-busy="true" />;
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
    <div className="ms-side-layout mod-layout">
      <nav className="ms-side-nav" aria-label={t('nav.label', 'Moderation')}>
        <h2>{t('nav.label', 'Moderation')}</h2>
        <NavLink to="/moderation" end>
          {t('nav.overview', 'Overview')}
        </NavLink>
        <NavLink to="/moderation/review">{t('nav.review', 'Review queue')}</NavLink>
        <NavLink to="/moderation/reports">{t('nav.reports', 'Reports')}</NavLink>
      </nav>
      <main className="ms-side-page mod-page">{children}</main>
    </div>
  );
}
