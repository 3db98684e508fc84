import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field, useAction, usePageMeta, useT } from '@modshelf/web-kit';
import { SubmitWithError } from '../components/FormButtons';
import { NewPasswordFields } from '../components/PasswordFields';
import { accounts } from '../lib/api';
import { safeRedirect, withRedirect } from '../lib/redirect';
import { completeSignIn } from './session';

export function SignUpPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const [f, setF] = useState({ username: '', email: '', password: '', confirm: '', subscribe: false });
  const action = useAction();
  usePageMeta(t('auth.signUp.title', 'Create an account'));
  const set = (k: keyof typeof f) => (e: { target: HTMLInputElement }) =>
    setF((x) => ({ ...x, [k]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (f.password !== f.confirm) return; // the mismatch message is already shown
    void action.run(async () => {
      await accounts.create({ username: f.username.trim(), email: f.email.trim(), password: f.password, sign_up_newsletter: f.subscribe });
      await completeSignIn();
      const next = safeRedirect(redirectParam, '');
      navigate(next ? `/auth/welcome?redirect=${encodeURIComponent(next)}` : '/auth/welcome', { replace: true });
    });
  };

  return (
    <div className="set-auth ms-card">
      <h1>{t('auth.signUp.title', 'Create an account')}</h1>
      <form className="set-form" onSubmit={onSubmit}>
        <Field label={t('auth.username', 'Username')}>
          <input
            className="ms-input"
            name="username"
            autoComplete="username"
            value={f.username}
            onChange={set('username')}
            required
            minLength={1}
            maxLength={39}
          />
        </Field>
        <Field label={t('auth.email', 'Email')}>
          <input className="ms-input" name="email" type="email" autoComplete="email" value={f.email} onChange={set('email')} required />
        </Field>
        <NewPasswordFields
          label={t('auth.password', 'Password')}
          name="password"
          password={f.password}
          confirm={f.confirm}
          onPassword={(password) => setF((x) => ({ ...x, password }))}
          onConfirm={(confirm) => setF((x) => ({ ...x, confirm }))}
        />
        <label className="set-check">
          <input type="checkbox" name="subscribe" checked={f.subscribe} onChange={set('subscribe')} />
          {t('auth.signUp.subscribe', 'Subscribe to updates about Modshelf')}
        </label>
        <p className="ms-muted" style={{ margin: 0, fontSize: '.9rem' }}>
          {t('auth.signUp.agree', 'By creating an account, you agree to the')} <Link to="/legal/terms">{t('auth.signUp.terms', 'Terms')}</Link>{' '}
          {t('auth.signUp.and', 'and')} <Link to="/legal/privacy">{t('auth.signUp.privacy', 'Privacy Policy')}</Link>.
        </p>
        <SubmitWithError error={action.error} busy={action.busy}>
          {t('auth.signUp.submit', 'Create account')}
        </SubmitWithError>
      </form>
      <p style={{ margin: 0 }}>
        {t('auth.signUp.haveAccount', 'Already have an account?')}{' '}
        <Link to={withRedirect('/auth/sign-in', redirectParam)}>{t('auth.signIn.title', 'Sign in')}</Link>
      </p>
    </div>
  );
}
