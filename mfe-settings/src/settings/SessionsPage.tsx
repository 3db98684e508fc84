import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useSetAtom } from 'jotai';
import { formatDate, formatRelativeTime, FormError, sessionAtom, useAction, useApi, useT } from '@modshelf/web-kit';
import { refreshAccount } from '../common';
import { accounts, type SessionInfo } from '../lib/api';
import { SignedInPage } from './SettingsLayout';

export function SessionsPage() {
  return (
    <SignedInPage id="settings.sessions" title="Sessions">
      {() => <Sessions />}
    </SignedInPage>
  );
}

function Sessions() {
  const t = useT();
  const list = useApi('settings:sessions', (s) => accounts.sessions(s));
  const action = useAction();
  const navigate = useNavigate();
  const setSession = useSetAtom(sessionAtom);
  const revoke = (s: SessionInfo) =>
    void action.run(async () => {
      await accounts.revokeSession(s.id);
      if (s.current) {
        refreshAccount();
        setSession(null);
        navigate('/auth/sign-in', { replace: true });
        return;
      }
      list.reload();
    });
  return (
    <>
      <p className="ms-muted" style={{ margin: 0 }}>
        {t('sessions.lead', 'These devices are signed in to your account. Revoke any session you do not recognise; it is signed out at once.')}
      </p>
      <FormError error={action.error ?? list.error?.message} />
      <section className="ms-card set-card">
        {list.data === undefined && !list.error && <div aria-busy="true" />}
        {list.data && (
          <ul className="set-list" data-testid="session-list">
            {list.data.map((s) => (
              <SessionRow key={s.id} s={s} busy={action.busy} onRevoke={() => revoke(s)} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function SessionRow({ s, busy, onRevoke }: { s: SessionInfo; busy: boolean; onRevoke: () => void }) {
  const t = useT();
  const intl = useIntl();
  const unknown = t('sessions.unknown', 'Unknown');
  return (
    <li className="set-item" data-testid="session" data-current={s.current}>
      <div className="set-item__main">
        <span className="set-item__title">
          {s.os || unknown} · {s.platform || unknown}
          {s.current && (
            <span className="set-badge" data-testid="current-session">
              {t('sessions.current', 'Current session')}
            </span>
          )}
        </span>
        <span className="ms-muted">
          {t('sessions.lastAccessed', 'Last accessed {time}', { time: formatRelativeTime(s.last_login, intl.locale) })}
          {' · '}
          {t('sessions.created', 'Created {time}', { time: formatDate(s.created, intl.locale) })}
        </span>
      </div>
      <button type="button" className="ms-btn" disabled={busy} onClick={onRevoke}>
        {s.current ? t('sessions.signOutHere', 'Sign out') : t('sessions.revoke', 'Revoke session')}
      </button>
    </li>
  );
}
