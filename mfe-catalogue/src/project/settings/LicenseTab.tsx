/** License tab of project settings: the license and its optional URL. */
import { useState } from 'react';
import { api, Field, FormError, useApi, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { useSave } from './common';
import { has, projectCommands, validUrl } from './lib';
import { useAccess } from './access';

export function LicenseTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const licenses = useApi('tag:license', (s) => api.licenses(s));
  const [id, setId] = useState(p.license?.id ?? 'LicenseRef-All-Rights-Reserved');
  const [url, setUrl] = useState(p.license?.url ?? '');
  const save = useSave(data);
  const known = licenses.data ?? [];
  return (
    <form
      className="ms-card pset-card"
      aria-label={t('settings.license', 'License')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!validUrl(url)) return save.setError(t('settings.badUrl', 'Enter a full http(s) address.'));
        void save.run(() => projectCommands.edit(p.id, { license_id: id, license_url: url || null }));
      }}
    >
      <h3>{t('settings.license', 'License')}</h3>
      <p className="ms-muted">{t('settings.licenseHint', 'It is important to choose a proper license: it tells others what they may do with your work.')}</p>
      <Field label={t('settings.licenseId', 'License')}>
        <select className="ms-input" value={id} onChange={(e) => setId(e.target.value)} disabled={!has(permissions, 'EDIT_DETAILS')}>
          {!known.some((l) => l.short === id) && <option value={id}>{id}</option>}
          {known.map((l) => (
            <option key={l.short} value={l.short}>
              {l.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('settings.licenseUrl', 'License URL (optional)')}>
        <input className="ms-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} disabled={!has(permissions, 'EDIT_DETAILS')} />
      </Field>
      <FormError error={save.error} />
      <button type="submit" className="ms-btn ms-btn--primary" disabled={!has(permissions, 'EDIT_DETAILS') || save.busy}>
        {t('settings.save', 'Save changes')}
      </button>
    </form>
  );
}
