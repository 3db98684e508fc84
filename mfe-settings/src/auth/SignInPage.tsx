import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Field, FormError, useAction, usePageMeta, useT } from '@modshelf/web-kit';
import { useSelf } from '../common';
import { SubmitWithError } from '../components/FormButtons';
import { LoginField, PasswordField } from '../components/PasswordFields';
import { accounts } from '../lib/api';
import { safeRedirect, withRedirect } from '../lib/redirect';
import { completeSignIn } from './session';

/** Other sign-in providers Modrinth-style sites offer; none is set up in this deployment. */
const PROVIDERS = ['Discord', 'GitHub', 'Microsoft', 'Google', 'Steam', 'GitLab'];

export function SignInPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const target = safeRedirect(redirectParam, '/');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [flow, setFlow] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const action = useAction();
  const me = useSelf();
  const [finishing, setFinishing] = useState(false);
  usePageMeta(t('auth.signIn.title', 'Sign in'));

  const finish = async () => {
    setFinishing(true);
    await completeSignIn();
    navigate(target, { replace: true });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const res = await accounts.login({ username: login.trim(), password });
      if (res.flow) {
        setFlow(res.flow);
        return;
      }
      await finish();
    });
  };

  const onCode = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      await accounts.login2fa({ flow: flow!, code: code.trim() });
      await finish();
    });
  };

  // already signed in (and not in the middle of signing in): straight on
  if (me.data && !flow && !finishing && !action.busy) return <Navigate to={target} replace />;

  if (flow) {
    return (
      <div className="set-auth ms-card" data-testid="two-factor-step">
        <h1>{t('auth.2fa.title', 'Enter two-factor code')}</h1>
        <p className="ms-muted">{t('auth.2fa.lead', 'Please enter a two-factor code from your authenticator app, or one of your recovery codes.')}</p>
        <form className="set-form" onSubmit={onCode}>
          <Field label={t('auth.2fa.code', 'Two-factor code')}>
            <input
              className="ms-input"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
          </Field>
          <FormError error={action.error} />
          <button className="ms-btn ms-btn--primary" type="submit" disabled={action.busy}>
            {t('auth.2fa.verify', 'Verify')}
          </button>
          <button
            className="ms-btn"
            type="button"
            onClick={() => {
              setFlow(null);
              setCode('');
              action.setError(null);
            }}
          >
            {t('common.back', 'Back')}
          </button>
        </form>
      </div>
    );
  }

  return (
    <div className="set-auth ms-card">
      <h1>{t('auth.signIn.title', 'Sign in')}</h1>
      <section aria-labelledby="providers-h">
        <h2 id="providers-h" className="ms-muted" style={{ fontSize: '.95rem', margin: '0 0 8px' }}>
          {t('auth.signIn.providers', 'Sign in with')}
        </h2>
        <ul className="set-providers">
          {PROVIDERS.map((p) => (
            <li key={p}>
              <button type="button" className="ms-btn" disabled aria-disabled="true" title={t('auth.signIn.providerUnavailable', 'Not available on this site')}>
                {p}
              </button>
            </li>
          ))}
        </ul>
        <p className="ms-muted" style={{ margin: '6px 0 0', fontSize: '.85rem' }}>
          {t('auth.signIn.providersNote', 'Other sign-in providers are not available on this site yet. Use your e-mail or username.')}
        </p>
      </section>
      <form className="set-form" onSubmit={onSubmit}>
        <LoginField value={login} onChange={setLogin} />
        <PasswordField label={t('auth.password', 'Password')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <SubmitWithError error={action.error} busy={action.busy}>
          {t('auth.signIn.submit', 'Sign in')}
        </SubmitWithError>
      </form>
      <div className="set-row set-row--between">
        <Link to="/auth/reset-password">{t('auth.signIn.forgot', 'Forgot password?')}</Link>
        <Link to={withRedirect('/auth/sign-up', redirectParam)}>{t('auth.signIn.create', 'Create an account')}</Link>
      </div>
    </div>
  );
}
