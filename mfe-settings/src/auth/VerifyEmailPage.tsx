import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText, FormError, useAction, usePageMeta, useT } from '@modshelf/web-kit';
import { Loading, refreshAccount, useSelf } from '../common';
import { accounts } from '../lib/api';

type State = { kind: 'checking' } | { kind: 'verified' } | { kind: 'already_verified' } | { kind: 'failed'; message: string };

/** The e-mail link's target: verified, already verified, or failed with a resend action. */
export function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const flow = params.get('flow');
  const [state, setState] = useState<State>(flow ? { kind: 'checking' } : { kind: 'failed', message: '' });
  const started = useRef<string | null>(null);
  usePageMeta(t('auth.verify.title', 'Verify e-mail'));

  useEffect(() => {
    if (!flow || started.current === flow) return;
    started.current = flow;
    accounts.verifyEmail(flow).then(
      (r) => {
        refreshAccount();
        setState({ kind: r.status === 'already_verified' ? 'already_verified' : 'verified' });
      },
      (e) => setState({ kind: 'failed', message: errorText(e) }),
    );
  }, [flow]);

  if (state.kind === 'checking') return <Loading />;
  return (
    <div className="set-auth ms-card" data-testid="verify-email" data-state={state.kind}>
      {state.kind === 'verified' && (
        <>
          <h1>{t('auth.verify.success', 'Email verified')}</h1>
          <p>{t('auth.verify.successText', 'Your e-mail address has been verified.')}</p>
          <Link className="ms-btn ms-btn--primary" to="/settings/account">
            {t('auth.verify.toAccount', 'Account settings')}
          </Link>
        </>
      )}
      {state.kind === 'already_verified' && (
        <>
          <h1>{t('auth.verify.already', 'Email already verified')}</h1>
          <p>{t('auth.verify.alreadyText', 'Your e-mail address was already verified.')}</p>
          <Link className="ms-btn ms-btn--primary" to="/settings/account">
            {t('auth.verify.toAccount', 'Account settings')}
          </Link>
        </>
      )}
      {state.kind === 'failed' && <Failed message={state.message} />}
    </div>
  );
}

function Failed({ message }: { message: string }) {
  const t = useT();
  const me = useSelf();
  const action = useAction();
  const [sent, setSent] = useState(false);
  return (
    <>
      <h1>{t('auth.verify.failed', 'Email verification failed')}</h1>
      <p>{message || t('auth.verify.failedText', 'The verification link is invalid or has expired.')}</p>
      {me.data === undefined ? null : me.data === null ? (
        <p>
          <Link to={`/auth/sign-in?redirect=${encodeURIComponent('/auth/verify-email')}`}>
            {t('auth.verify.signInToResend', 'Sign in to send a new verification e-mail')}
          </Link>
        </p>
      ) : me.data.email_verified ? (
        <p className="set-ok">{t('auth.verify.alreadyText', 'Your e-mail address was already verified.')}</p>
      ) : sent ? (
        <p className="set-ok" role="status">
          {t('auth.verify.resent', 'A new verification e-mail is on its way.')}
        </p>
      ) : (
        <button
          className="ms-btn ms-btn--primary"
          type="button"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              await accounts.resendVerify();
              setSent(true);
            })
          }
        >
          {t('auth.verify.resend', 'Resend verification email')}
        </button>
      )}
      <FormError error={action.error} />
    </>
  );
}
