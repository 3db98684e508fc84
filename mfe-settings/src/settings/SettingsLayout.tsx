import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { Guard, sessionAtom, usePageMeta, useT } from '@modshelf/web-kit';
import { signOut } from '../auth/session';
import { Loading, useSelf } from '../common';
import type { SelfUser } from '../lib/api';
import { SECTIONS } from './sections';

export function SettingsLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const visible = SECTIONS.filter((s) => !s.auth || session);
  return (
    <div className="ms-side-layout">
      <nav className="ms-side-nav set-nav ms-card" aria-label={t('settings.title', 'Settings')}>
        <h2>{t('settings.title', 'Settings')}</h2>
        {visible.map((s) => (
          <NavLink key={s.path} to={s.path} end={s.path === '/settings'} className={({ isActive }) => (isActive ? 'active' : undefined)}>
            {t(s.id, s.title)}
          </NavLink>
        ))}
        {session ? (
          <button type="button" className="ms-btn" style={{ marginTop: 12 }} onClick={() => void signOut().finally(() => navigate('/'))}>
            {t('settings.signOut', 'Sign out')}
          </button>
        ) : (
          <NavLink to="/auth/sign-in?redirect=%2Fsettings" style={{ marginTop: 12 }}>
            {t('auth.signIn.title', 'Sign in')}
          </NavLink>
        )}
      </nav>
      <div className="ms-side-page set-page">{children}</div>
    </div>
  );
}

/** A settings page's heading (and document title). */
export function PageTitle({ id, title }: { id: string; title: string }) {
  const t = useT();
  const text = t(id, title);
  usePageMeta(text);
  return <h1>{text}</h1>;
}

/** A settings page for signed-in users: its heading, then `children` with the user (and a reload of it). */
export function SignedInPage({ id, title, children }: { id: string; title: string; children: (user: SelfUser, reload: () => void) => ReactNode }) {
  const me = useSelf();
  return (
    <>
      <PageTitle id={id} title={title} />
      <Guard need="user" user={me.user} error={me.error} loading={<Loading />} forbidden={null}>
        {(user) => children(user, me.reload)}
      </Guard>
    </>
  );
}
