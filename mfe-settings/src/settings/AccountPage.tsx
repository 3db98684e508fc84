import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSetAtom } from 'jotai';
import { ERRORS, Field, FormError, sessionAtom, useAction, useApi, useT } from '@modshelf/web-kit';
import { Confirm, CopyButton, refreshAccount, RequireAuth } from '../common';
import { accounts, type SelfUser } from '../lib/api';
import { groupSecret, otpauthUri } from '../lib/forms';
import { Qr } from './Qr';
import { PageTitle } from './SettingsLayout';

export function AccountPage() {
  return (
    <>
      <PageTitle id="settings.account" title="Account and security" />
      <RequireAuth>
        {(user, reload) => {
          const after = () => {
            refreshAccount();
            reload();
          };
          return (
            <>
              <EmailCard user={user} after={after} />
              <PasswordCard user={user} />
              <TwoFactorCard user={user} after={after} />
              <NewsletterCard />
              <DeleteCard user={user} />
            </>
          );
        }}
      </RequireAuth>
    </>
  );
}

function EmailCard({ user, after }: { user: SelfUser; after: () => void }) {
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

function PasswordCard({ user }: { user: SelfUser }) {
  const t = useT();
  const [f, setF] = useState({ old: '', next: '', confirm: '' });
  const [done, setDone] = useState(false);
  const action = useAction();
  const mismatch = f.confirm.length > 0 && f.next !== f.confirm;
  return (
    <form
      className="ms-card set-card set-form"
      data-testid="password-card"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (f.next !== f.confirm) return;
        setDone(false);
        void action.run(async () => {
          await accounts.changePassword({ old_password: f.old, new_password: f.next });
          setF({ old: '', next: '', confirm: '' });
          setDone(true);
        });
      }}
    >
      <h2>{t('account.password', 'Password')}</h2>
      {user.has_password !== false && (
        <Field label={t('account.oldPassword', 'Current password')}>
          <input
            className="ms-input"
            type="password"
            name="old_password"
            autoComplete="current-password"
            value={f.old}
            onChange={(e) => setF({ ...f, old: e.target.value })}
            required
          />
        </Field>
      )}
      <Field label={t('auth.newPassword', 'New password')}>
        <input
          className="ms-input"
          type="password"
          name="new_password"
          autoComplete="new-password"
          value={f.next}
          onChange={(e) => setF({ ...f, next: e.target.value })}
          required
        />
      </Field>
      <Field label={t('auth.confirmPassword', 'Confirm password')}>
        <input
          className="ms-input"
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          value={f.confirm}
          onChange={(e) => setF({ ...f, confirm: e.target.value })}
          required
        />
      </Field>
      {mismatch && <p className="set-error">{t('auth.mismatch', ERRORS.passwordsMismatch)}</p>}
      <FormError error={action.error} />
      {done && (
        <p className="set-ok" role="status">
          {t('account.passwordChanged', 'Your password was changed.')}
        </p>
      )}
      <div>
        <button type="submit" className="ms-btn ms-btn--primary" disabled={action.busy}>
          {t('account.changePassword', 'Change password')}
        </button>
      </div>
    </form>
  );
}

function TwoFactorCard({ user, after }: { user: SelfUser; after: () => void }) {
  const t = useT();
  const [setup, setSetup] = useState<{ secret: string; flow: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [disabling, setDisabling] = useState(false);
  const action = useAction();
  const on = !!user.has_totp;

  if (codes) {
    return (
      <section className="ms-card set-card" data-testid="twofactor-card" data-state="codes">
        <h2>{t('account.2fa', 'Two-factor authentication')}</h2>
        <p className="set-ok">{t('account.2fa.enabled', 'Two-factor authentication is on.')}</p>
        <p>
          {t(
            'account.2fa.codes',
            'Save these recovery codes somewhere safe. Each works once, in place of a code from your app, if you lose it. They are shown only now.',
          )}
        </p>
        <ul className="set-codes" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="set-row">
          <CopyButton text={codes.join('\n')} />
          <button
            type="button"
            className="ms-btn ms-btn--primary"
            onClick={() => {
              setCodes(null);
              after();
            }}
          >
            {t('common.done', 'Done')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="ms-card set-card" data-testid="twofactor-card" data-state={on ? 'on' : setup ? 'setup' : 'off'}>
      <h2>{t('account.2fa', 'Two-factor authentication')}</h2>
      <p className="ms-muted" style={{ margin: 0 }}>
        {t('account.2fa.lead', 'Ask for a code from an authenticator app, besides your password, when you sign in.')}
      </p>
      {on ? (
        disabling ? (
          <form
            className="set-form"
            onSubmit={(e) => {
              e.preventDefault();
              void action.run(async () => {
                await accounts.disableTwoFactor(code.trim());
                setCode('');
                setDisabling(false);
                after();
              });
            }}
          >
            <Field label={t('account.2fa.codeOrRecovery', 'Code from your app or a recovery code')}>
              <input className="ms-input" name="code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} required />
            </Field>
            <FormError error={action.error} />
            <div className="set-row">
              <button type="submit" className="ms-btn set-btn-danger" disabled={action.busy}>
                {t('account.2fa.disable', 'Turn off two-factor authentication')}
              </button>
              <button type="button" className="ms-btn" onClick={() => setDisabling(false)}>
                {t('common.cancel', 'Cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className="set-row">
            <span className="set-badge">{t('account.2fa.on', 'On')}</span>
            <button type="button" className="ms-btn" onClick={() => setDisabling(true)}>
              {t('account.2fa.disable', 'Turn off two-factor authentication')}
            </button>
          </div>
        )
      ) : setup ? (
        <form
          className="set-form"
          onSubmit={(e) => {
            e.preventDefault();
            void action.run(async () => {
              const r = await accounts.enableTwoFactor(setup.flow, code.trim());
              setCode('');
              setSetup(null);
              setCodes(r.backup_codes);
            });
          }}
        >
          <p>{t('account.2fa.scan', 'Scan this QR code with an authenticator app, or type the secret in, then enter the code it shows.')}</p>
          <Qr text={otpauthUri(setup.secret, user.username)} label={t('account.2fa.qr', 'QR code for your authenticator app')} />
          <div className="set-row">
            <code className="set-secret" data-testid="totp-secret" data-secret={setup.secret}>
              {groupSecret(setup.secret)}
            </code>
            <CopyButton text={setup.secret} />
          </div>
          <Field label={t('auth.2fa.code', 'Two-factor code')}>
            <input
              className="ms-input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
              maxLength={6}
            />
          </Field>
          <FormError error={action.error} />
          <div className="set-row">
            <button type="submit" className="ms-btn ms-btn--primary" disabled={action.busy}>
              {t('account.2fa.verify', 'Verify and turn on')}
            </button>
            <button type="button" className="ms-btn" onClick={() => setSetup(null)}>
              {t('common.cancel', 'Cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <FormError error={action.error} />
          <div>
            <button
              type="button"
              className="ms-btn ms-btn--primary"
              disabled={action.busy}
              onClick={() => void action.run(async () => setSetup(await accounts.twoFactorSecret()))}
            >
              {t('account.2fa.setup', 'Set up two-factor authentication')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function NewsletterCard() {
  const t = useT();
  const sub = useApi('settings:newsletter', (s) => accounts.subscription(s));
  const [value, setValue] = useState<boolean | null>(null);
  const action = useAction();
  return (
    <section className="ms-card set-card">
      <h2>{t('account.newsletter', 'Updates by e-mail')}</h2>
      <label className="set-check">
        <input
          type="checkbox"
          name="newsletter"
          checked={value ?? sub.data?.subscribed ?? false}
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
    </section>
  );
}

function DeleteCard({ user }: { user: SelfUser }) {
  const t = useT();
  const navigate = useNavigate();
  const setSession = useSetAtom(sessionAtom);
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const action = useAction();
  return (
    <section className="ms-card set-card set-danger">
      <h2>{t('account.delete', 'Delete account')}</h2>
      <p className="ms-muted" style={{ margin: 0 }}>
        {t(
          'account.delete.lead',
          'Deleting your account forgets your e-mail address, password, tokens, sessions, applications and payment details for good. This cannot be undone.',
        )}
      </p>
      <div>
        <button type="button" className="ms-btn set-btn-danger" onClick={() => setAsking(true)}>
          {t('account.delete', 'Delete account')}
        </button>
      </div>
      {asking && (
        <Confirm
          title={t('account.delete.title', 'Are you sure you want to delete your account?')}
          text={t('account.delete.confirm', 'This cannot be undone. Type your username, {username}, to confirm.', { username: user.username })}
          confirmLabel={t('account.delete', 'Delete account')}
          busy={action.busy || typed !== user.username}
          error={action.error}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            void action.run(async () => {
              await accounts.deleteUser(user.id);
              refreshAccount();
              setSession(null);
              navigate('/', { replace: true });
            })
          }
        >
          <input
            className="ms-input"
            name="confirm_username"
            aria-label={t('auth.username', 'Username')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Confirm>
      )}
    </section>
  );
}
