import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError, useAction, useApi, usePageMeta, useT } from '@modshelf/web-kit';
import { RequireAuth } from '../common';
import { accounts } from '../lib/api';
import { safeRedirect } from '../lib/redirect';

/** The step after sign-up: what happens next, the updates choice, and on to where the visitor was going. */
export function WelcomePage() {
  const t = useT();
  const [params] = useSearchParams();
  const next = safeRedirect(params.get('redirect'), '/');
  usePageMeta(t('auth.welcome.title', 'Welcome to Modshelf'));
  return (
    <RequireAuth>
      {(user) => (
        <div className="set-auth ms-card" data-testid="welcome">
          <h1>{t('auth.welcome.heading', 'Welcome to Modshelf, {username}!', { username: user.username })}</h1>
          {user.email && !user.email_verified && (
            <p>{t('auth.welcome.verify', 'We sent a verification link to {email}. Open it to verify your e-mail address.', { email: user.email })}</p>
          )}
          <Newsletter />
          <div className="set-row">
            <Link className="ms-btn ms-btn--primary" to={next}>
              {t('auth.welcome.continue', 'Continue')}
            </Link>
            <Link className="ms-btn" to="/settings/profile">
              {t('auth.welcome.profile', 'Set up your profile')}
            </Link>
          </div>
        </div>
      )}
    </RequireAuth>
  );
}

function Newsletter() {
  const t = useT();
  const sub = useApi('settings:newsletter', (s) => accounts.subscription(s));
  const [value, setValue] = useState<boolean | null>(null);
  const action = useAction();
  const checked = value ?? sub.data?.subscribed ?? false;
  return (
    <>
      <label className="set-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={sub.data === undefined || action.busy}
          onChange={(e) => {
            const v = e.target.checked;
            void action.run(async () => {
              await accounts.setSubscription(v);
              setValue(v);
            });
          }}
        />
        {t('auth.signUp.subscribe', 'Subscribe to updates about Modshelf')}
      </label>
      <FormError error={action.error} />
    </>
  );
}
