import { useState } from 'react';
import { Field, FormError } from '@modshelf/web-kit';

/** Invites a user by name to a team (project and organization settings); the field clears when the invitation went out. */
export interface InviteFormProps {
  title: string;
  usernameLabel: string;
  buttonLabel: string;
  busy: boolean;
  error: string | null;
  /** answers whether the invitation went out */
  onInvite: (username: string) => Promise<boolean>;
}

export function InviteForm({ title, usernameLabel, buttonLabel, busy, error, onInvite }: InviteFormProps) {
  const [username, setUsername] = useState('');
  return (
    <form
      className="ms-card pset-card"
      aria-label={title}
      onSubmit={async (e) => {
        e.preventDefault();
        const name = username.trim();
        if (!name) return;
        if (await onInvite(name)) setUsername('');
      }}
    >
      <h3>{title}</h3>
      <div className="pset-row">
        <Field label={usernameLabel}>
          <input className="ms-input" name="username" value={username} onChange={(e) => setUsername(e.target.value)} />
        </Field>
        <button type="submit" className="ms-btn ms-btn--primary" disabled={busy}>
          {buttonLabel}
        </button>
      </div>
      <FormError error={error} />
    </form>
  );
}
