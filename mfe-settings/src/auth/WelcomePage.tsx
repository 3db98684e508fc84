import { Link, useSearchParams } from 'react-router';
import { Guard, usePageMeta, useT } from '@modshelf/web-kit';
import { Loading, useSelf } from '../common';
import { NewsletterCheckbox } from '../components/NewsletterCheckbox';
import { safeRedirect } from '../lib/redirect';

/** The step after sign-up: what happens next, the updates choice, and on to where the visitor was going. */
export function WelcomePage() {
  const t = useT();
  const [params] = useSearchParams();
  const next = safeRedirect(params.get('redirect'), '/');
  usePageMeta(t('auth.welcome.title', 'Welcome to Modshelf'));
  const me = useSelf();
  return (
    <Guard need="user" user={me.user} error={me.error} loading={<Loading />} forbidden={null}>
      {(user) => (
        <div className="set-auth ms-card" data-testid="welcome">
          <h1>{t('auth.welcome.heading', 'Welcome to Modshelf, {username}!', { username: user.username })}</h1>
          {user.email && !user.email_verified && (
            <p>{t('auth.welcome.verify', 'We sent a verification link to {email}. Open it to verify your e-mail address.', { email: user.email })}</p>
          )}
          <NewsletterCheckbox />
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
    </Guard>
  );
}
