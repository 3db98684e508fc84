import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { caughtUp, Field, formatNumber, invalidateApiCache, organizationPath, SLUG_RE, slugify, useApi, usePageMeta, useT } from '@modshelf/web-kit';
import { Dialog, useAction, useUser } from '../common';
import { DialogButtons } from '../components/DialogButtons';
import { ListPage, WhenLoaded } from '../components/ListPage';
import { dashboard } from '../lib/api';

/** /dashboard/organizations: the organizations you belong to, and creating one. */
export function OrganizationsPage() {
  const t = useT();
  const user = useUser();
  usePageMeta(t('nav.organizations', 'Organizations'));
  const list = useApi(`dashboard:organizations:${user.id}`, (s) => dashboard.organizations(user.id, s));
  const [creating, setCreating] = useState(false);
  return (
    <ListPage title={t('nav.organizations', 'Organizations')} createLabel={t('orgs.create', 'Create an organization')} onCreate={() => setCreating(true)}>
      <WhenLoaded state={list}>
        {(orgs) =>
          orgs.length === 0 ? (
            <p className="ms-muted">{t('orgs.none', 'You are not a member of any organization.')}</p>
          ) : (
            <ul className="dash-grid">
              {orgs.map((o) => (
                <li key={o.id} className="ms-card dash-card" data-testid="organization">
                  <h2>
                    <Link to={organizationPath(o)}>{o.name}</Link>
                  </h2>
                  <p>{o.description}</p>
                  <p className="ms-muted">{t('orgs.members', '{n} members', { n: formatNumber(o.members?.length ?? 0) })}</p>
                  <Link to={`${organizationPath(o)}/settings`}>{t('projects.settings', 'Settings')}</Link>
                </li>
              ))}
            </ul>
          )
        }
      </WhenLoaded>
      {creating && <CreateOrganizationDialog onClose={() => setCreating(false)} />}
    </ListPage>
  );
}

function CreateOrganizationDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [touched, setTouched] = useState(false);
  const [description, setDescription] = useState('');
  const action = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim().length < 3) return action.setError(t('create.badName', 'The name needs 3 to 64 characters.'));
    if (!SLUG_RE.test(slug)) return action.setError(t('create.badSlug', 'The URL needs 3 to 64 letters, digits or -_.'));
    if (description.trim().length < 3) return action.setError(t('create.badSummary', 'The summary needs 3 to 256 characters.'));
    const r = await action.run(
      () => dashboard.createOrganization({ name: name.trim(), slug, description: description.trim() }),
      t('orgs.created', 'Organization created'),
    );
    if (!r) return;
    await caughtUp(r.position);
    invalidateApiCache('dashboard:');
    navigate(organizationPath(r.data));
  };
  return (
    <Dialog title={t('orgs.create', 'Create an organization')} onClose={onClose}>
      <form className="dash-form" onSubmit={submit}>
        <Field label={t('create.name', 'Name')}>
          <input
            className="ms-input"
            autoFocus
            value={name}
            maxLength={64}
            onChange={(e) => {
              setName(e.target.value);
              if (!touched) setSlug(slugify(e.target.value));
            }}
          />
        </Field>
        <Field label={t('create.slug', 'URL')} hint={`/organization/${slug}`}>
          <input
            className="ms-input"
            value={slug}
            maxLength={64}
            onChange={(e) => {
              setTouched(true);
              setSlug(e.target.value);
            }}
          />
        </Field>
        <Field label={t('create.summary', 'Summary')}>
          <textarea className="ms-input" rows={3} maxLength={256} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <DialogButtons error={action.error} busy={action.busy} submit={t('orgs.createButton', 'Create organization')} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
