import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { caughtUp, collectionPath, Field, formatNumber, formatRelativeTime, invalidateApiCache, useApi, usePageMeta, useT } from '@modshelf/web-kit';
import { Dialog, useAction, useUser } from '../common';
import { DialogButtons, VisibilityOptions } from '../components/DialogButtons';
import { ListPage, WhenLoaded } from '../components/ListPage';
import { dashboard, type DashboardCollection } from '../lib/api';
import { collectionVisibility } from '../lib/logic';

const FOLLOWING = 'following';

/** /dashboard/collections: create, edit (name, description, visibility) and delete your collections. */
export function CollectionsPage() {
  const t = useT();
  const intl = useIntl();
  const user = useUser();
  usePageMeta(t('nav.collections', 'Collections'));
  const list = useApi(`dashboard:collections:${user.id}`, (s) => dashboard.collections(user.id, s));
  const [editing, setEditing] = useState<DashboardCollection | 'new' | null>(null);
  const visibility = (s: string) => {
    const v = collectionVisibility(s);
    return v === 'public'
      ? t('visibility.public', 'Public')
      : v === 'unlisted'
        ? t('visibility.unlisted', 'Unlisted')
        : v === 'private'
          ? t('visibility.private', 'Private')
          : t('status.rejected', 'Rejected');
  };
  return (
    <ListPage title={t('nav.collections', 'Collections')} createLabel={t('collections.create', 'Create a collection')} onCreate={() => setEditing('new')}>
      <WhenLoaded state={list}>
        {(collections) => (
          <ul className="dash-grid">
            {collections.map((c) => (
              <li key={c.id} className="ms-card dash-card" data-testid="collection">
                <h2>
                  <Link to={collectionPath(c)}>{c.id === FOLLOWING ? t('collections.following', 'Followed projects') : c.name}</Link>
                </h2>
                {c.description && <p>{c.description}</p>}
                <p className="ms-muted">
                  {t('collections.count', '{n} projects', { n: formatNumber(c.projects.length) })} · {visibility(c.status)}
                  {c.date_updated && <> · {formatRelativeTime(c.date_updated, intl.locale)}</>}
                </p>
                {c.id !== FOLLOWING && (
                  <button type="button" className="ms-btn" onClick={() => setEditing(c)}>
                    {t('common.edit', 'Edit')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </WhenLoaded>
      {editing && (
        <CollectionDialog
          collection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            invalidateApiCache('dashboard:');
            list.reload();
          }}
        />
      )}
    </ListPage>
  );
}

function CollectionDialog({ collection, onClose, onDone }: { collection: DashboardCollection | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [status, setStatus] = useState<string>(collection ? (collectionVisibility(collection.status) === 'public' ? 'listed' : collection.status) : 'listed');
  const action = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim().length < 3) return action.setError(t('collections.badName', 'The name needs 3 to 64 characters.'));
    if (description.trim() && description.trim().length < 3)
      return action.setError(t('collections.badDescription', 'The description needs 3 to 255 characters, or none.'));
    const r = await action.run(
      async () => {
        if (!collection) {
          const created = await dashboard.createCollection({ name: name.trim(), description: description.trim() || null });
          if (status === 'listed') return created;
          return dashboard.editCollection(created.data.id, { status });
        }
        return dashboard.editCollection(collection.id, { name: name.trim(), description: description.trim() || null, status });
      },
      collection ? t('collections.saved', 'Collection saved') : t('collections.created', 'Collection created'),
    );
    if (!r) return;
    await caughtUp(r.position);
    onDone();
  };
  const remove = async () => {
    if (!collection || !window.confirm(t('collections.deleteConfirm', 'Delete the collection {name}?', { name: collection.name }))) return;
    const r = await action.run(() => dashboard.deleteCollection(collection.id), t('collections.deleted', 'Collection deleted'));
    if (!r) return;
    await caughtUp(r.position);
    onDone();
  };
  return (
    <Dialog title={collection ? t('collections.edit', 'Edit collection') : t('collections.create', 'Create a collection')} onClose={onClose}>
      <form className="dash-form" onSubmit={submit}>
        <Field label={t('collections.name', 'Name')}>
          <input className="ms-input" autoFocus value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label={t('collections.description', 'Description')}>
          <textarea className="ms-input" rows={3} maxLength={255} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field label={t('create.visibility', 'Visibility')}>
          <select className="ms-input" value={status} onChange={(e) => setStatus(e.target.value)}>
            <VisibilityOptions publicValue="listed" />
          </select>
        </Field>
        <DialogButtons
          error={action.error}
          busy={action.busy}
          submit={collection ? t('common.save', 'Save') : t('collections.createButton', 'Create')}
          onCancel={onClose}
          extra={
            collection && (
              <button type="button" className="ms-btn dash-danger" disabled={action.busy} onClick={remove}>
                {t('common.delete', 'Delete')}
              </button>
            )
          }
        />
      </form>
    </Dialog>
  );
}
