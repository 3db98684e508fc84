import { useState, type FormEvent } from 'react';
import { Field, FormError, useAction, useApi, useT } from '@modshelf/web-kit';
import { Confirm, CopyButton } from '../common';
import { ActionButton } from '../components/ActionButton';
import { FormButtons } from '../components/FormButtons';
import { ScopeChecklist, ScopeTags } from '../components/Scopes';
import { accounts, type OAuthClient, type SelfUser } from '../lib/api';
import { parseRedirectUris } from '../lib/forms';
import { APP_SCOPES, maskToScopes, scopesToMask, type ScopeName } from '../lib/scopes';
import { SignedInPage } from './SettingsLayout';

export function ApplicationsPage() {
  return (
    <SignedInPage id="settings.applications" title="Your applications">
      {(user) => <Applications user={user} />}
    </SignedInPage>
  );
}

function Applications({ user }: { user: SelfUser }) {
  const t = useT();
  const list = useApi(`settings:apps:${user.id}`, (s) => accounts.apps(user.id, s));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OAuthClient | null>(null);
  const [secret, setSecret] = useState<{ app: OAuthClient; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<OAuthClient | null>(null);
  const action = useAction();
  return (
    <>
      <p className="ms-muted" style={{ margin: 0 }}>
        {t('apps.lead', 'Register applications that sign users in with Modshelf (OAuth 2 with PKCE) and act for them within the scopes they grant.')}
      </p>
      {secret && (
        <section className="ms-card set-card set-banner--info" data-testid="app-secret">
          <h2>{t('apps.secretTitle', 'Client secret for {app}', { app: secret.app.name })}</h2>
          <p>{t('apps.secretText', 'Copy the client secret now. It is shown only once.')}</p>
          <dl>
            <dt>{t('apps.clientId', 'Client ID')}</dt>
            <dd>
              <code data-testid="app-client-id">{secret.app.id}</code>
            </dd>
            <dt>{t('apps.clientSecret', 'Client secret')}</dt>
            <dd className="set-row">
              <code className="set-secret" data-testid="app-client-secret">
                {secret.secret}
              </code>
              <CopyButton text={secret.secret} />
            </dd>
          </dl>
          <div>
            <button type="button" className="ms-btn" onClick={() => setSecret(null)}>
              {t('common.done', 'Done')}
            </button>
          </div>
        </section>
      )}
      {creating || editing ? (
        <AppForm
          app={editing}
          onCancel={() => {
            setCreating(false);
            setEditing(null);
          }}
          onSaved={(app, newSecret) => {
            setCreating(false);
            setEditing(null);
            if (newSecret) setSecret({ app, secret: newSecret });
            list.reload();
          }}
        />
      ) : (
        <div>
          <button type="button" className="ms-btn ms-btn--primary" onClick={() => setCreating(true)}>
            {t('apps.new', 'New application')}
          </button>
        </div>
      )}
      <FormError error={action.error ?? list.error?.message} />
      <section className="ms-card set-card">
        {list.data && list.data.length === 0 && (
          <p className="ms-muted" style={{ margin: 0 }}>
            {t('apps.empty', 'You have not registered any applications.')}
          </p>
        )}
        {list.data && list.data.length > 0 && (
          <ul className="set-list" data-testid="app-list">
            {list.data.map((a) => (
              <li key={a.id} className="set-item" data-testid="app" data-name={a.name}>
                <div className="set-item__main">
                  <span className="set-item__title">{a.name}</span>
                  <span className="ms-muted">
                    {t('apps.clientId', 'Client ID')}: <code>{a.id}</code>
                  </span>
                  {a.redirect_uris.map((r) => (
                    <span key={r.id} className="ms-muted">
                      {r.uri}
                    </span>
                  ))}
                  <ScopeTags mask={a.max_scopes} />
                </div>
                <div className="set-row">
                  <button
                    type="button"
                    className="ms-btn"
                    onClick={() => {
                      setCreating(false);
                      setEditing(a);
                    }}
                  >
                    {t('apps.edit', 'Edit')}
                  </button>
                  <ActionButton
                    action={action}
                    onRun={async () => {
                      const r = await accounts.rotateSecret(a.id);
                      setSecret({ app: a, secret: r.client_secret });
                    }}
                  >
                    {t('apps.rotate', 'New secret')}
                  </ActionButton>
                  <button type="button" className="ms-btn set-btn-danger" onClick={() => setDeleting(a)}>
                    {t('apps.delete', 'Delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {deleting && (
        <Confirm
          title={t('apps.deleteTitle', 'Delete application')}
          text={t('apps.deleteConfirm', 'Are you sure you want to delete {app}? Every token it was given stops working.', { app: deleting.name })}
          confirmLabel={t('apps.delete', 'Delete')}
          busy={action.busy}
          error={action.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            void action.run(async () => {
              await accounts.deleteApp(deleting.id);
              setDeleting(null);
              list.reload();
            })
          }
        />
      )}
    </>
  );
}

function AppForm({ app, onCancel, onSaved }: { app: OAuthClient | null; onCancel: () => void; onSaved: (app: OAuthClient, secret?: string) => void }) {
  const t = useT();
  const [name, setName] = useState(app?.name ?? '');
  const [url, setUrl] = useState(app?.url ?? '');
  const [description, setDescription] = useState(app?.description ?? '');
  const [iconUrl, setIconUrl] = useState(app?.icon_url ?? '');
  const [uris, setUris] = useState((app?.redirect_uris ?? []).map((r) => r.uri).join('\n'));
  const [scopes, setScopes] = useState<ScopeName[]>(app ? maskToScopes(app.max_scopes) : []);
  const action = useAction();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const redirect_uris = parseRedirectUris(uris);
    if (!redirect_uris.length) return action.setError(t('apps.needRedirect', 'Add at least one redirect URI.'));
    if (!scopes.length) return action.setError(t('pats.needScope', 'Choose at least one scope.'));
    const body = {
      name: name.trim(),
      url: url.trim() || null,
      description: description.trim() || null,
      icon_url: iconUrl.trim() || null,
      redirect_uris,
      max_scopes: scopesToMask(scopes),
    };
    void action.run(async () => {
      if (app) {
        await accounts.editApp(app.id, body);
        onSaved({ ...app, name: body.name });
      } else {
        const r = await accounts.createApp(body);
        onSaved(r.client, r.client_secret);
      }
    });
  };
  return (
    <form className="ms-card set-card set-form" onSubmit={onSubmit} data-testid="app-form">
      <h2>{app ? t('apps.editTitle', 'Edit application') : t('apps.new', 'New application')}</h2>
      <Field label={t('pats.name', 'Name')}>
        <input className="ms-input" name="name" value={name} onChange={(e) => setName(e.target.value)} required minLength={3} maxLength={255} />
      </Field>
      <Field label={t('apps.url', 'Website')}>
        <input className="ms-input" name="url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
      </Field>
      <Field label={t('apps.icon', 'Icon URL')}>
        <input className="ms-input" name="icon_url" type="url" value={iconUrl} onChange={(e) => setIconUrl(e.target.value)} />
      </Field>
      <Field label={t('apps.description', 'Description')}>
        <textarea className="ms-input" name="description" rows={2} maxLength={255} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label={t('apps.redirects', 'Redirect URIs')} hint={t('apps.redirects.hint', 'One per line.')}>
        <textarea className="ms-input" name="redirect_uris" rows={3} value={uris} onChange={(e) => setUris(e.target.value)} required />
      </Field>
      <ScopeChecklist legend={t('apps.scopes', 'Scopes it may ask for')} offered={APP_SCOPES} value={scopes} onChange={setScopes} />
      <FormError error={action.error} />
      <FormButtons submit={app ? t('common.save', 'Save changes') : t('apps.register', 'Register application')} busy={action.busy} onCancel={onCancel} />
    </form>
  );
}
