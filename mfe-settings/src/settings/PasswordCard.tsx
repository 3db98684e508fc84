import { useState, type FormEvent } from 'react';
import { ERRORS, Field, FormError, useAction, useT } from '@modshelf/web-kit';
import { accounts, type SelfUser } from '../lib/api';

export function PasswordCard({ user }: { user: SelfUser }) {
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
