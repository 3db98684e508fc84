import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { apiFetch, Dropdown, toasts, type User } from '@modshelf/web-kit';
import { restoreSession } from './session';

export function isStaff(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'moderator' || user?.role === 'admin';
}

/** Signs out (POST /v2/auth/logout revokes the session cookie), then re-reads the signed-in state. */
export async function signOut(): Promise<void> {
  try {
    await apiFetch<void>('/auth/logout', { method: 'POST' });
  } finally {
    await restoreSession();
  }
}

/** The signed-in user's menu: profile, dashboard, settings, moderation for staff, sign out. */
export function UserMenu({ user }: { user: User }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onSignOut = () => {
    if (busy) return;
    setBusy(true);
    signOut()
      .then(
        () => navigate('/'),
        () => toasts.add({ title: intl.formatMessage({ id: 'user.signOutFailed', defaultMessage: 'Could not sign out' }), type: 'error' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Dropdown
      className="shell-user__menu"
      label={
        <span className="shell-user__name">
          {user.avatar_url && <img src={user.avatar_url} alt="" width={24} height={24} />}
          {user.username}
        </span>
      }
    >
      <Link role="menuitem" to={`/user/${encodeURIComponent(user.username)}`}>
        <FormattedMessage id="user.profile" defaultMessage="Profile" />
      </Link>
      <Link role="menuitem" to="/dashboard">
        <FormattedMessage id="nav.dashboard" defaultMessage="Dashboard" />
      </Link>
      <Link role="menuitem" to="/settings">
        <FormattedMessage id="user.settings" defaultMessage="Settings" />
      </Link>
      {isStaff(user) && (
        <Link role="menuitem" to="/moderation">
          <FormattedMessage id="nav.moderation" defaultMessage="Moderation" />
        </Link>
      )}
      <button type="button" role="menuitem" onClick={onSignOut} disabled={busy}>
        <FormattedMessage id="user.signOut" defaultMessage="Sign out" />
      </button>
    </Dropdown>
  );
}
