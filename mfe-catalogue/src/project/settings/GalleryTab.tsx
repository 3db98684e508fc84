/** Gallery tab of project settings: upload, edit, feature and remove images. */
import { useState } from 'react';
import { Field, FormError, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { useSave } from './common';
import { has, projectCommands } from './lib';
import { useAccess } from './access';

export function GalleryTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const canEdit = has(permissions, 'EDIT_DETAILS');
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [featured, setFeatured] = useState(false);
  const add = useSave(data);
  const edit = useSave(data);
  const items = [...(p.gallery ?? [])].sort((a, b) => (a.ordering ?? 0) - (b.ordering ?? 0));
  return (
    <div className="pset-stack">
      <form
        className="ms-card pset-card"
        aria-label={t('gallery.add', 'Add an image')}
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file) return add.setError(t('gallery.pickFile', 'Choose an image first.'));
          if (await add.run(() => projectCommands.addGallery(p.id, file, { featured, title, description }), t('gallery.added', 'Image added'))) {
            setFile(null);
            setTitle('');
            setDescription('');
            setFeatured(false);
          }
        }}
      >
        <h3>{t('gallery.add', 'Add an image')}</h3>
        <Field label={t('gallery.image', 'Image')}>
          <input type="file" accept="image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} disabled={!canEdit} />
        </Field>
        <Field label={t('gallery.title', 'Title')}>
          <input className="ms-input" value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} disabled={!canEdit} />
        </Field>
        <Field label={t('gallery.description', 'Description')}>
          <textarea className="ms-input" value={description} maxLength={2048} onChange={(e) => setDescription(e.target.value)} disabled={!canEdit} />
        </Field>
        <label className="pset-check">
          <input type="checkbox" checked={featured} onChange={(e) => setFeatured(e.target.checked)} disabled={!canEdit} /> {t('gallery.featured', 'Featured')}
        </label>
        <FormError error={add.error} />
        <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || add.busy}>
          {t('gallery.upload', 'Upload')}
        </button>
      </form>
      <FormError error={edit.error} />
      {items.length === 0 ? (
        <p className="ms-muted">{t('gallery.empty', 'No images yet.')}</p>
      ) : (
        <ul className="pset-gallery">
          {items.map((g) => (
            <li key={g.url} className="ms-card" data-testid="gallery-item">
              <img src={g.url} alt={g.title ?? ''} loading="lazy" />
              <strong>{g.title}</strong>
              {g.featured && <span className="cat-badge">{t('gallery.featured', 'Featured')}</span>}
              <p className="ms-muted">{g.description}</p>
              <div className="pset-row">
                <button
                  type="button"
                  className="ms-btn"
                  disabled={!canEdit || edit.busy}
                  onClick={() => edit.run(() => projectCommands.editGallery(p.id, g.url, { featured: !g.featured }))}
                >
                  {g.featured ? t('gallery.unfeature', 'Unfeature') : t('gallery.feature', 'Feature')}
                </button>
                <button
                  type="button"
                  className="ms-btn pset-btn-danger"
                  disabled={!canEdit || edit.busy}
                  onClick={() => edit.run(() => projectCommands.removeGallery(p.id, g.url))}
                >
                  {t('common.delete', 'Delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
