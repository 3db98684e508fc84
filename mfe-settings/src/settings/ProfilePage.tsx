import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field, FormError, useAction, userPath, useT } from '@modshelf/web-kit';
import { readUntil, refreshAccount } from '../common';
import { accounts, type SelfUser } from '../lib/api';
import { SignedInPage } from './SettingsLayout';

export function ProfilePage() {
  return (
    <SignedInPage id="settings.profile" title="Public profile">
      {(user, reload) => <ProfileForm key={user.id} user={user} reload={reload} />}
    </SignedInPage>
  );
}

export const BIO_MAX = 160;

function ProfileForm({ user, reload }: { user: SelfUser; reload: () => void }) {
  const t = useT();
  const [username, setUsername] = useState(user.username);
  const [bio, setBio] = useState(user.bio ?? '');
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const avatar = useAction();
  const file = useRef<HTMLInputElement>(null);
  const after = () => {
    refreshAccount();
    reload();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    void save.run(async () => {
      const changes: { username?: string; bio?: string | null } = {};
      if (username.trim() !== user.username) changes.username = username.trim();
      if (bio !== (user.bio ?? '')) changes.bio = bio ? bio : null;
      if (Object.keys(changes).length) {
        await accounts.editUser(user.id, changes);
        await readUntil(
          () => accounts.me(),
          (u) => u.username === username.trim() && (u.bio ?? '') === bio,
        );
      }
      setSaved(true);
      after();
    });
  };

  return (
    <>
      <section className="ms-card set-card">
        <h2>{t('profile.picture', 'Profile picture')}</h2>
        <div className="set-row">
          {user.avatar_url ? (
            <img className="set-avatar" src={user.avatar_url} alt={t('profile.pictureAlt', 'Your profile picture')} data-testid="avatar" />
          ) : (
            <span className="set-avatar" aria-hidden="true" data-testid="avatar-placeholder">
              {user.username[0]?.toUpperCase()}
            </span>
          )}
          <input
            ref={file}
            type="file"
            name="avatar"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="ms-visually-hidden"
            aria-label={t('profile.upload', 'Upload picture')}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f)
                void avatar.run(async () => {
                  await accounts.uploadAvatar(user.id, f);
                  await readUntil(
                    () => accounts.me(),
                    (u) => !!u.avatar_url && u.avatar_url !== user.avatar_url,
                  );
                  after();
                });
            }}
          />
          <button type="button" className="ms-btn" disabled={avatar.busy} onClick={() => file.current?.click()}>
            {t('profile.upload', 'Upload picture')}
          </button>
          {user.avatar_url && (
            <button
              type="button"
              className="ms-btn"
              disabled={avatar.busy}
              onClick={() =>
                void avatar.run(async () => {
                  await accounts.resetAvatar(user.id);
                  await readUntil(
                    () => accounts.me(),
                    (u) => !u.avatar_url,
                  );
                  after();
                })
              }
            >
              {t('profile.reset', 'Reset picture')}
            </button>
          )}
        </div>
        <FormError error={avatar.error} />
      </section>
      <form className="ms-card set-card set-form" onSubmit={onSubmit}>
        <Field label={t('auth.username', 'Username')} hint={t('profile.username.hint', 'A unique, case-insensitive name for your profile page.')}>
          <input
            className="ms-input"
            name="username"
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              setSaved(false);
            }}
            required
            maxLength={39}
          />
        </Field>
        <Field label={t('profile.bio', 'Bio')} hint={`${bio.length}/${BIO_MAX}`}>
          <textarea
            className="ms-input"
            name="bio"
            rows={3}
            value={bio}
            maxLength={BIO_MAX}
            onChange={(e) => {
              setBio(e.target.value);
              setSaved(false);
            }}
          />
        </Field>
        <FormError error={save.error} />
        {saved && (
          <p className="set-ok" role="status" data-testid="profile-saved">
            {t('profile.saved', 'Profile saved.')}
          </p>
        )}
        <div className="set-row">
          <button type="submit" className="ms-btn ms-btn--primary" disabled={save.busy}>
            {t('common.save', 'Save changes')}
          </button>
          <Link to={userPath(user)}>{t('profile.view', 'Visit your profile')}</Link>
        </div>
      </form>
    </>
  );
}
