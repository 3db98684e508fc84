import { useState, type FormEvent } from 'react';
import { ERRORS, Field, formatDate, FormError, useAction, useApi, useT } from '@modshelf/web-kit';
import { Confirm, CopyButton } from '../common';
import { useIntl } from 'react-intl';
import { accounts, type Pat } from '../lib/api';
import { FormButtons } from '../components/FormButtons';
import { ScopeChecklist, ScopeTags } from '../components/Scopes';
import { PAT_SCOPES, scopesToMask, type ScopeName } from '../lib/scopes';
import { EXPIRY_CHOICES_DAYS, expiryFromDays, expiryState, formatDuration, lastUseState } from '../lib/time';
import { SignedInPage } from './SettingsLayout';

export function PatsPage() {
  return (
    <SignedInPage id="settings.pats" title="Personal access tokens">
      {() => <Pats />}
    </SignedInPage>
  );
}

function Pats() {
  const t = useT();
  const list = useApi('settings:pats', (s) => accounts.pats(s));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Pat | null>(null);
  const [deleting, setDeleting] = useState<Pat | null>(null);
  const del = useAction();
  return (
    <>
      <p className="ms-muted" style={{ margin: 0 }}>
        {t(
          'pats.lead',
          'Personal access tokens let scripts and other programs use the Modshelf API as you, limited to the scopes you choose. Keep them secret.',
        )}
      </p>
      {created && (
        <section className="ms-card set-card set-banner--info" data-testid="pat-created">
          <h2>{t('pats.created', 'Token created')}</h2>
          <p>{t('pats.createdText', 'Copy your token now. It is shown only once.')}</p>
          <div className="set-row">
            <code className="set-secret" data-testid="pat-token">
              {created.access_token}
            </code>
            <CopyButton text={created.access_token ?? ''} />
          </div>
          <div>
            <button type="button" className="ms-btn" onClick={() => setCreated(null)}>
              {t('common.done', 'Done')}
            </button>
          </div>
        </section>
      )}
      {creating ? (
        <CreatePat
          onCancel={() => setCreating(false)}
          onCreated={(p) => {
            setCreating(false);
            setCreated(p);
            list.reload();
          }}
        />
      ) : (
        <div>
          <button type="button" className="ms-btn ms-btn--primary" onClick={() => setCreating(true)}>
            {t('pats.create', 'Create a token')}
          </button>
        </div>
      )}
      <section className="ms-card set-card">
        {list.error && <FormError error={list.error.message} />}
        {list.data === undefined && !list.error ? <div aria-busy="true" /> : null}
        {list.data && list.data.length === 0 && (
          <p className="ms-muted" style={{ margin: 0 }}>
            {t('pats.empty', 'You have no personal access tokens.')}
          </p>
        )}
        {list.data && list.data.length > 0 && (
          <ul className="set-list" data-testid="pat-list">
            {list.data.map((p) => (
              <PatRow
                key={p.id}
                pat={p}
                onDelete={() => {
                  del.setError(null);
                  setDeleting(p);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      {deleting && (
        <Confirm
          title={t('pats.deleteTitle', 'Delete token')}
          text={t('pats.deleteConfirm', ERRORS.tokenDelete)}
          confirmLabel={t('pats.delete', 'Delete token')}
          busy={del.busy}
          error={del.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            void del.run(async () => {
              await accounts.deletePat(deleting.id);
              setDeleting(null);
              if (created?.id === deleting.id) setCreated(null);
              list.reload();
            })
          }
        />
      )}
    </>
  );
}

function PatRow({ pat, onDelete }: { pat: Pat; onDelete: () => void }) {
  const t = useT();
  const intl = useIntl();
  const exp = expiryState(pat.expires);
  const use = lastUseState(pat.last_used);
  return (
    <li className="set-item" data-testid="pat" data-name={pat.name}>
      <div className="set-item__main">
        <span className="set-item__title">{pat.name}</span>
        <span className="ms-muted" data-testid="pat-expiry" data-state={exp.kind}>
          {exp.kind === 'expired'
            ? t('pats.expiredAgo', 'Expired {time} ago', { time: formatDuration(exp.ms, intl.locale) })
            : exp.kind === 'expiring'
              ? t('pats.expiringIn', 'Expiring in {time}', { time: formatDuration(exp.ms, intl.locale) })
              : t('pats.noExpiry', 'Does not expire')}
          {' · '}
          <span data-testid="pat-use" data-state={use.kind}>
            {use.kind === 'never-used'
              ? t('pats.neverUsed', 'Never used')
              : t('pats.lastUsed', 'Last used {time} ago', { time: formatDuration(use.ms, intl.locale) })}
          </span>
          {' · '}
          {t('pats.createdOn', 'Created {date}', { date: formatDate(pat.created, intl.locale) })}
        </span>
        <ScopeTags mask={pat.scopes} label={t('pats.scopes', 'Scopes')} />
      </div>
      <button type="button" className="ms-btn set-btn-danger" onClick={onDelete}>
        {t('pats.delete', 'Delete token')}
      </button>
    </li>
  );
}

function CreatePat({ onCancel, onCreated }: { onCancel: () => void; onCreated: (p: Pat) => void }) {
  const t = useT();
  const intl = useIntl();
  const [name, setName] = useState('');
  const [days, setDays] = useState<string>('30');
  const [date, setDate] = useState('');
  const [scopes, setScopes] = useState<ScopeName[]>([]);
  const action = useAction();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return action.setError(t('pats.needName', 'A token needs a name.'));
    const expires = days === 'custom' ? (date ? new Date(`${date}T23:59:59Z`).toISOString() : '') : expiryFromDays(Number(days));
    if (!expires) return action.setError(t('pats.needExpiry', 'A token needs an expiry date.'));
    if (scopes.length === 0) return action.setError(t('pats.needScope', 'Choose at least one scope.'));
    void action.run(async () => onCreated(await accounts.createPat({ name: name.trim(), scopes: scopesToMask(scopes), expires })));
  };
  return (
    <form className="ms-card set-card set-form" onSubmit={onSubmit} data-testid="pat-form">
      <h2>{t('pats.create', 'Create a token')}</h2>
      <Field label={t('pats.name', 'Name')}>
        <input className="ms-input" name="name" value={name} maxLength={255} onChange={(e) => setName(e.target.value)} required />
      </Field>
      <Field label={t('pats.expires', 'Expires')}>
        <select className="ms-input" name="expires" value={days} onChange={(e) => setDays(e.target.value)}>
          {EXPIRY_CHOICES_DAYS.map((d) => (
            <option key={d} value={String(d)}>
              {formatDuration(d * 86_400_000, intl.locale)}
            </option>
          ))}
          <option value="custom">{t('pats.customDate', 'Custom date')}</option>
        </select>
      </Field>
      {days === 'custom' && (
        <Field label={t('pats.expiryDate', 'Expiry date')}>
          <input
            className="ms-input"
            type="date"
            name="expires_date"
            value={date}
            min={new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}
            onChange={(e) => setDate(e.target.value)}
            required
          />
        </Field>
      )}
      <ScopeChecklist legend={t('pats.scopes', 'Scopes')} offered={PAT_SCOPES} value={scopes} onChange={setScopes} />
      <FormError error={action.error} />
      <FormButtons submit={t('pats.submit', 'Create token')} busy={action.busy} onCancel={onCancel} />
    </form>
  );
}
