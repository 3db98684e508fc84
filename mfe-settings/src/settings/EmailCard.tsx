import { useState, type FormEvent } from 'react';
import { Field, FormError, useAction, useT } from '@modshelf/web-kit';
import { accounts, type SelfUser } from '../lib/api';

export function EmailCard({ user, after }: { user: SelfUser; after: () => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const change = useAction();
  const resend = useAction();
  return (
    <section className="ms-card set-card" data-testid="email-card">
      <h2>{t('account.email', 'Email')}</h2>
      <div className="set-row">
        <span data-testid="current-email">{user.email ?? t('account.noEmail', 'No e-mail address')}</span>
        {user.email &&
          (user.email_verified ? (
            <span className="set-badge" data-testid="email-verified">
              {t('account.verified', 'Verified')}
            </span>
          ) : (
            <span className="set-badge set-badge--muted" data-testid="email-unverified">
              {t('account.unverified', 'Not verified')}
            </span>
          ))}
      </div>
      {user.email &&
        !user.email_verified &&
        (sent ? (
          <p className="set-ok" role="status">
            {t('auth.verify.resent', 'A new verification e-mail is on its way.')}
          </p>
        ) : (
          <div>
            <button
              type="button"
              className="ms-btn"
              disabled={resend.busy}
              onClick={() =>
                void resend.run(async () => {
                  await accounts.resendVerify();
                  setSent(true);
                })
              }
            >
              {t('auth.verify.resend', 'Resend verification email')}
            </button>
          </div>
        ))}
      <FormError error={resend.error} />
      {editing ? (
        <form
          className="set-form"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void change.run(async () => {
              await accounts.changeEmail(email.trim());
              setEditing(false);
              setEmail('');
              after();
            });
          }}
        >
          <Field label={t('account.newEmail', 'New e-mail address')}>
            <input className="ms-input" type="email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </Field>
          <FormError error={change.error} />
          <div className="set-row">
            <button type="submit" className="ms-btn ms-btn--primary" disabled={change.busy}>
              {t('account.changeEmail', 'Change e-mail')}
            </button>
            <button type="button" className="ms-btn" onClick={() => setEditing(false)}>
              {t('common.cancel', 'Cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div>
          <button type="button" className="ms-btn" onClick={() => setEditing(true)}>
            {t('account.changeEmail', 'Change e-mail')}
          </button>
        </div>
      )}
    </section>
  );
}
