/** Tags tab of project settings: categories, environments (client and server side). */
import { useState } from 'react';
import { api, Field, formatCategory, FormError, useApi, useT, type Project } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { useSave } from './common';
import { has, projectCommands } from './lib';
import { useAccess } from './access';

const SIDES = ['required', 'optional', 'unsupported'] as const;

export function TagsTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const canEdit = has(permissions, 'EDIT_DETAILS');
  const categories = useApi('tag:category', (s) => api.categories(s));
  const [primary, setPrimary] = useState<string[]>(p.categories);
  const [additional, setAdditional] = useState<string[]>(p.additional_categories ?? []);
  const [client, setClient] = useState<string>(p.client_side);
  const [server, setServer] = useState<string>(p.server_side);
  const save = useSave(data);
  const own = categoryTypeOf(p);
  const list = [...new Set((categories.data ?? []).filter((c) => own.includes(c.project_type)).map((c) => c.name))].sort();
  const toggle = (arr: string[], set: (v: string[]) => void, name: string, on: boolean) => set(on ? [...arr, name] : arr.filter((x) => x !== name));
  return (
    <form
      className="ms-card pset-card"
      aria-label={t('settings.tags', 'Tags')}
      onSubmit={(e) => {
        e.preventDefault();
        if (primary.length > 3) return save.setError(t('tags.tooMany', 'Choose at most 3 main categories; the others can be additional.'));
        void save.run(() =>
          projectCommands.edit(p.id, {
            categories: primary,
            additional_categories: additional.filter((c) => !primary.includes(c)),
            client_side: client,
            server_side: server,
          }),
        );
      }}
    >
      <h3>{t('settings.tags', 'Tags')}</h3>
      <p className="ms-muted">{t('tags.hint', 'Main categories (up to 3) are shown on the project card; additional ones only help search.')}</p>
      <table className="pset-table">
        <thead>
          <tr>
            <th>{t('tags.category', 'Category')}</th>
            <th>{t('tags.main', 'Main')}</th>
            <th>{t('tags.additional', 'Additional')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((c) => (
            <tr key={c}>
              <td>{formatCategory(c)}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('tags.mainOf', 'Main category {name}', { name: formatCategory(c) })}
                  checked={primary.includes(c)}
                  disabled={!canEdit}
                  onChange={(e) => toggle(primary, setPrimary, c, e.target.checked)}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('tags.additionalOf', 'Additional category {name}', { name: formatCategory(c) })}
                  checked={additional.includes(c) && !primary.includes(c)}
                  disabled={!canEdit || primary.includes(c)}
                  onChange={(e) => toggle(additional, setAdditional, c, e.target.checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>{t('tags.environment', 'Environment')}</h4>
      <div className="pset-row">
        <Field label={t('tags.client', 'Client side')}>
          <select className="ms-input" value={client} onChange={(e) => setClient(e.target.value)} disabled={!canEdit}>
            {SIDES.map((s) => (
              <option key={s} value={s}>
                {sideLabel(t, s)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('tags.server', 'Server side')}>
          <select className="ms-input" value={server} onChange={(e) => setServer(e.target.value)} disabled={!canEdit}>
            {SIDES.map((s) => (
              <option key={s} value={s}>
                {sideLabel(t, s)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <FormError error={save.error} />
      <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || save.busy}>
        {t('settings.save', 'Save changes')}
      </button>
    </form>
  );
}

/** Which category lists apply: servers take the mod and modpack ones (the spec lists none of their own). */
export function categoryTypeOf(p: Pick<Project, 'project_type'>): string[] {
  if (p.project_type === 'server') return ['mod', 'modpack'];
  if (p.project_type === 'behaviorpack') return ['mod'];
  return [p.project_type];
}

function sideLabel(t: ReturnType<typeof useT>, s: string): string {
  if (s === 'required') return t('side.required', 'Required');
  if (s === 'optional') return t('side.optional', 'Optional');
  return t('side.unsupported', 'Unsupported');
}
