import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAction, usePageMeta, useT } from '@modshelf/web-kit';
import { SubmitWithError } from '../components/FormButtons';
import { LoginField, NewPasswordFields } from '../components/PasswordFields';
import { accounts } from '../lib/api';

export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const flow = params.get('flow');
  usePageMeta(t('auth.reset.title', 'Reset your password'));
  return flow ? <ChooseNewPassword flow={flow} /> : <RequestReset />;
}

function RequestReset() {
  const t = useT();
  const [login, setLogin] = useState('');
  const [sent, setSent] = useState(false);
  const action = useAction();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      await accounts.beginReset(login.trim());
      setSent(true);
    });
  };
  return (
    <div className="set-auth ms-card">
      <h1>{t('auth.reset.title', 'Reset your password')}</h1>
      {sent ? (
        <p className="set-ok" role="status" data-testid="reset-sent">
          {t('auth.reset.sent', 'If an account with that e-mail or username exists, we sent it an e-mail with a link to reset the password.')}
        </p>
      ) : (
        <form className="set-form" onSubmit={onSubmit}>
          <p className="ms-muted" style={{ margin: 0 }}>
            {t('auth.reset.lead', 'Enter your e-mail or username and we will send you a link to choose a new password.')}
          </p>
          <LoginField value={login} onChange={setLogin} />
          <SubmitWithError error={action.error} busy={action.busy}>
            {t('auth.reset.send', 'Send reset e-mail')}
          </SubmitWithError>
        </form>
      )}
      <Link to="/auth/sign-in">{t('auth.backToSignIn', 'Back to sign in')}</Link>
    </div>
  );
}

function ChooseNewPassword({ flow }: { flow: string }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const action = useAction();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) return;
    void action.run(async () => {
      await accounts.changePassword({ flow, new_password: password });
      setDone(true);
    });
  };
  return (
    <div className="set-auth ms-card">
      <h1>{t('auth.reset.choose', 'Choose a new password')}</h1>
      {done ? (
        <>
          <p className="set-ok" role="status" data-testid="reset-done">
            {t('auth.reset.done', 'Your password was changed. Sign in with the new one.')}
          </p>
          <Link className="ms-btn ms-btn--primary" to="/auth/sign-in">
            {t('auth.signIn.title', 'Sign in')}
          </Link>
        </>
      ) : (
        <form className="set-form" onSubmit={onSubmit}>
          <NewPasswordFields
            label={t('auth.newPassword', 'New password')}
            name="password"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          <SubmitWithError error={action.error} busy={action.busy}>
            {t('auth.reset.submit', 'Reset password')}
          </SubmitWithError>
        </form>
      )}
    </div>
  );
}
