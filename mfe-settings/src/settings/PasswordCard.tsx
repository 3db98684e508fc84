import { useState, type FormEvent } from 'react';
import { FormError, useAction, useT } from '@modshelf/web-kit';
import { NewPasswordFields, PasswordField } from '../components/PasswordFields';
import { accounts, type SelfUser } from '../lib/api';

export function PasswordCard({ user }: { user: SelfUser }) {
  const t = useT();
  const [f, setF] = useState({ old: '', next: '', confirm: '' });
  const [done, setDone] = useState(false);
  const action = useAction();
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
        <PasswordField
          label={t('account.oldPassword', 'Current password')}
          name="old_password"
          autoComplete="current-password"
          value={f.old}
          onChange={(old) => setF({ ...f, old })}
        />
      )}
      <NewPasswordFields
        label={t('auth.newPassword', 'New password')}
        name="new_password"
        password={f.next}
        confirm={f.confirm}
        onPassword={(next) => setF({ ...f, next })}
        onConfirm={(confirm) => setF({ ...f, confirm })}
      />
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
