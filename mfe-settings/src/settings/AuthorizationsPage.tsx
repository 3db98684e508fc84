import { useIntl } from 'react-intl';
import { formatDate, FormError, useAction, useApi, useT } from '@modshelf/web-kit';
import { ActionButton } from '../components/ActionButton';
import { ScopeTags } from '../components/Scopes';
import { accounts } from '../lib/api';
import { SignedInPage } from './SettingsLayout';

export function AuthorizationsPage() {
  return (
    <SignedInPage id="settings.authorizations" title="Authorized apps">
      {() => <Authorizations />}
    </SignedInPage>
  );
}

function Authorizations() {
  const t = useT();
  const intl = useIntl();
  const list = useApi('settings:authorizations', (s) => accounts.authorizations(s));
  const ids = (list.data ?? []).map((a) => a.app_id);
  const apps = useApi(ids.length ? `settings:auth-apps:${ids.join(',')}` : null, (s) => accounts.appsByIds(ids, s));
  const action = useAction();
  return (
    <>
      <p className="ms-muted" style={{ margin: 0 }}>
        {t('authorizations.lead', 'Applications you allowed to use your account. Revoking one ends its access at once.')}
      </p>
      <FormError error={action.error ?? list.error?.message} />
      <section className="ms-card set-card">
        {list.data && list.data.length === 0 && (
          <p className="ms-muted" style={{ margin: 0 }}>
            {t('authorizations.empty', 'You have not authorized any applications.')}
          </p>
        )}
        {list.data && list.data.length > 0 && (
          <ul className="set-list" data-testid="authorization-list">
            {list.data.map((a) => {
              const app = apps.data?.find((x) => x.id === a.app_id);
              return (
                <li key={a.id} className="set-item" data-testid="authorization" data-app={a.app_id}>
                  <div className="set-item__main">
                    <span className="set-item__title">{a.app_name ?? app?.name ?? a.app_id}</span>
                    {app?.url && (
                      <a href={app.url} target="_blank" rel="noopener noreferrer">
                        {app.url}
                      </a>
                    )}
                    <span className="ms-muted">{t('authorizations.since', 'Authorized {date}', { date: formatDate(a.created, intl.locale) })}</span>
                    <ScopeTags mask={a.scopes} />
                  </div>
                  <ActionButton
                    action={action}
                    danger
                    onRun={async () => {
                      await accounts.revokeAuthorization(a.app_id);
                      list.reload();
                    }}
                  >
                    {t('authorizations.revoke', 'Revoke')}
                  </ActionButton>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
