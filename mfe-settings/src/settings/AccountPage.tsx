import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSetAtom } from 'jotai';
import { sessionAtom, useAction, useT } from '@modshelf/web-kit';
import { Confirm, refreshAccount } from '../common';
import { NewsletterCheckbox } from '../components/NewsletterCheckbox';
import { accounts, type SelfUser } from '../lib/api';
import { EmailCard } from './EmailCard';
import { PasswordCard } from './PasswordCard';
import { SignedInPage } from './SettingsLayout';
import { TwoFactorCard } from './TwoFactorCard';

export function AccountPage() {
  return (
    <SignedInPage id="settings.account" title="Account and security">
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
    </SignedInPage>
  );
}

function NewsletterCard() {
  const t = useT();
  return (
    <section className="ms-card set-card">
      <h2>{t('account.newsletter', 'Updates by e-mail')}</h2>
      <NewsletterCheckbox name="newsletter" />
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
