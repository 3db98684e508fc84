import { ERRORS, Field, useT } from '@modshelf/web-kit';

/** A required password input in a labelled field. */
export function PasswordField({
  label,
  name,
  autoComplete,
  value,
  onChange,
  invalid,
}: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  return (
    <Field label={label}>
      <input
        className="ms-input"
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        aria-invalid={invalid}
      />
    </Field>
  );
}

/**
 * A new password and its confirmation (input `confirm_password`); says so once a typed confirmation
 * differs. The form still refuses to submit while they differ.
 */
export function NewPasswordFields({
  label,
  name,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  label: string;
  name: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const t = useT();
  const mismatch = confirm.length > 0 && password !== confirm;
  return (
    <>
      <PasswordField label={label} name={name} autoComplete="new-password" value={password} onChange={onPassword} />
      <PasswordField
        label={t('auth.confirmPassword', 'Confirm password')}
        name="confirm_password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
        invalid={mismatch}
      />
      {mismatch && (
        <p className="set-error" data-testid="password-mismatch">
          {t('auth.mismatch', ERRORS.passwordsMismatch)}
        </p>
      )}
    </>
  );
}

/** The "Email or username" field of the sign-in and password-reset forms. */
export function LoginField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <Field label={t('auth.signIn.login', 'Email or username')}>
      <input className="ms-input" name="username" autoComplete="username" value={value} onChange={(e) => onChange(e.target.value)} required />
    </Field>
  );
}
