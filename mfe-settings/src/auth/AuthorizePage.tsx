import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ERRORS, errorText, FormError, Guard, useApi, usePageMeta, userPath, useT } from '@modshelf/web-kit';
import { Link } from 'react-router';
import { Loading, useSelf } from '../common';
import { accounts, redirectLocation, type ConsentInfo } from '../lib/api';
import { scopeLabel } from '../lib/scopes';

/** Leaves the site for the application's redirect location (a seam for tests). */
function go(location: string) {
  window.location.assign(location);
}

/** OAuth consent: the app, its creator, the scopes it asks for and where the user goes next. */
export function AuthorizePage() {
  const t = useT();
  usePageMeta(t('auth.authorize.title', 'Authorize'));
  const me = useSelf();
  return (
    <Guard need="user" user={me.user} error={me.error} loading={<Loading />} forbidden={null}>
      <Consent />
    </Guard>
  );
}

function Consent() {
  const t = useT();
  const { search } = useLocation();
  const query = Object.fromEntries(new URLSearchParams(search));
  delete query.hl;
  const info = useApi<ConsentInfo>(`settings:consent:${search}`, (s) => accounts.consent(query, s));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const auto = useRef(false);

  const decide = async (accept: boolean) => {
    if (!info.data) return;
    setBusy(true);
    setError(null);
    try {
      const answer = accept ? await accounts.accept(info.data.flow_id) : await accounts.reject(info.data.flow_id);
      const location = redirectLocation(answer);
      if (!location) throw new Error(ERRORS.noRedirect);
      go(location);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  // an app the user already authorized for these scopes goes straight on
  useEffect(() => {
    if (info.data?.already_authorized && !auto.current) {
      auto.current = true;
      void decide(true);
    }
  });

  if (info.error) {
    return (
      <div className="set-auth ms-card" data-testid="authorize-error">
        <h1>{t('auth.authorize.errorTitle', 'An error occurred')}</h1>
        <p className="set-error">{errorText(info.error)}</p>
      </div>
    );
  }
  if (!info.data || (info.data.already_authorized && !error)) return <Loading />;
  const c = info.data;
  return (
    <div className="set-auth ms-card set-consent" data-testid="authorize">
      <div className="set-consent__apps">
        {c.client_icon ? (
          <img src={c.client_icon} alt="" width={64} height={64} className="set-avatar" />
        ) : (
          <span className="set-avatar" aria-hidden="true">
            {c.client_name[0]}
          </span>
        )}
      </div>
      <h1>{t('auth.authorize.heading', '{app} wants to access your Modshelf account', { app: c.client_name })}</h1>
      {c.client_creator && (
        <p className="ms-muted" data-testid="authorize-creator">
          {t('auth.authorize.by', 'An application by')}{' '}
          <Link to={userPath({ id: c.client_creator.id, username: c.client_creator.username })}>{c.client_creator.username}</Link>
        </p>
      )}
      <section>
        <h2 style={{ fontSize: '1rem' }}>{t('auth.authorize.scopes', 'This application will be able to:')}</h2>
        <ul data-testid="authorize-scopes">
          {c.requested_scope_names.map((s) => (
            <li key={s} data-scope={s}>
              {scopeLabel(s)}
            </li>
          ))}
        </ul>
      </section>
      <p data-testid="authorize-redirect">
        {t('auth.authorize.redirect', 'You will be redirected to')} <code>{c.redirect_uri}</code>
      </p>
      <FormError error={error} />
      <div className="set-row">
        <button type="button" className="ms-btn ms-btn--primary" disabled={busy} onClick={() => void decide(true)}>
          {t('auth.authorize.accept', 'Authorize')}
        </button>
        <button type="button" className="ms-btn" disabled={busy} onClick={() => void decide(false)}>
          {t('auth.authorize.decline', 'Decline')}
        </button>
      </div>
    </div>
  );
}
