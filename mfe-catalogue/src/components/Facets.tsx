import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  api, formatCategory, GAME_VERSIONS, LOADERS, MOD_CATEGORIES, MODPACK_CATEGORIES, useApi, type CategoryTag,
} from '@modshelf/web-kit';
import { toggle, type SearchProjectType, type SearchState } from '../search-state';

function fallbackCategories(type: SearchProjectType): CategoryTag[] {
  const names = type === 'modpack' ? MODPACK_CATEGORIES : type === 'mod' ? MOD_CATEGORIES : [];
  return names.map((name) => ({ name, project_type: type, header: 'categories', icon: '' }));
}

function CheckList({ name, options, selected, onToggle }: {
  name: string;
  options: { value: string; label: string }[];
  selected: readonly string[];
  onToggle: (value: string) => void;
}) {
  return (
    <ul className="cat-facet__list">
      {options.map((o) => (
        <li key={o.value}>
          <label className="cat-check">
            <input type="checkbox" name={name} value={o.value} checked={selected.includes(o.value)} onChange={() => onToggle(o.value)} />
            <span>{o.label}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

export function Facets({ type, state, onChange }: {
  type: SearchProjectType;
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
}) {
  const intl = useIntl();
  const [showAll, setShowAll] = useState(false);
  const cats = useApi('tag:category', (s) => api.categories(s));
  const loaders = useApi('tag:loader', (s) => api.loaders(s));
  const versions = useApi('tag:game_version', (s) => api.gameVersions(s));
  const licenses = useApi('tag:license', (s) => api.licenses(s));

  const categoryList = (cats.data ?? fallbackCategories(type))
    .filter((c) => c.project_type === type && c.header !== 'resolutions')
    .map((c) => c.name);
  const loaderList = loaders.data
    ? loaders.data.filter((l) => l.supported_project_types.includes(type)).map((l) => l.name)
    : [...LOADERS];
  const versionTags = versions.data ?? GAME_VERSIONS.map((v) => ({ version: v, version_type: 'release', date: '', major: true }));
  const versionList = versionTags.filter((v) => showAll || v.version_type === 'release' || state.versions.includes(v.version));
  const hasFilters = state.categories.length + state.loaders.length + state.versions.length + state.environments.length > 0 || !!state.license || !!state.projectId;

  return (
    <div className="cat-facets ms-card">
      {hasFilters && (
        <button
          type="button"
          className="ms-btn cat-facets__clear"
          onClick={() => onChange({ categories: [], loaders: [], versions: [], environments: [], license: '', projectId: '' })}
        >
          <FormattedMessage id="facets.clear" defaultMessage="Clear filters" />
        </button>
      )}
      {categoryList.length > 0 && (
        <fieldset className="cat-facet" data-facet="categories">
          <legend><FormattedMessage id="facets.categories" defaultMessage="Categories" /></legend>
          <CheckList
            name="category"
            options={[...new Set(categoryList)].map((c) => ({ value: c, label: formatCategory(c) }))}
            selected={state.categories}
            onToggle={(v) => onChange({ categories: toggle(state.categories, v) })}
          />
        </fieldset>
      )}
      {type !== 'server' && loaderList.length > 0 && (
        <fieldset className="cat-facet" data-facet="loaders">
          <legend><FormattedMessage id="facets.loaders" defaultMessage="Loaders" /></legend>
          <CheckList
            name="loader"
            options={loaderList.map((l) => ({ value: l, label: formatCategory(l) }))}
            selected={state.loaders}
            onToggle={(v) => onChange({ loaders: toggle(state.loaders, v) })}
          />
        </fieldset>
      )}
      <fieldset className="cat-facet" data-facet="versions">
        <legend><FormattedMessage id="facets.versions" defaultMessage="Game versions" /></legend>
        <CheckList
          name="version"
          options={versionList.map((v) => ({ value: v.version, label: v.version }))}
          selected={state.versions}
          onToggle={(v) => onChange({ versions: toggle(state.versions, v) })}
        />
        <label className="cat-check cat-facet__toggle">
          <input type="checkbox" name="showAllVersions" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
          <span><FormattedMessage id="facets.showAll" defaultMessage="Show all versions" /></span>
        </label>
      </fieldset>
      {type !== 'server' && (
        <fieldset className="cat-facet" data-facet="environment">
          <legend><FormattedMessage id="facets.environment" defaultMessage="Environment" /></legend>
          <CheckList
            name="environment"
            options={[
              { value: 'client', label: intl.formatMessage({ id: 'env.client', defaultMessage: 'Client' }) },
              { value: 'server', label: intl.formatMessage({ id: 'env.server', defaultMessage: 'Server' }) },
            ]}
            selected={state.environments}
            onToggle={(v) => onChange({ environments: toggle(state.environments, v as 'client' | 'server') })}
          />
        </fieldset>
      )}
      <fieldset className="cat-facet" data-facet="license">
        <legend id="facet-license-label"><FormattedMessage id="facets.license" defaultMessage="License" /></legend>
        <select className="ms-input" name="license" aria-labelledby="facet-license-label" value={state.license} onChange={(e) => onChange({ license: e.target.value })}>
          <option value="">{intl.formatMessage({ id: 'facets.anyLicense', defaultMessage: 'Any license' })}</option>
          {(licenses.data ?? []).map((l) => <option key={l.short} value={l.short}>{l.name}</option>)}
          {state.license && !(licenses.data ?? []).some((l) => l.short === state.license) && <option value={state.license}>{state.license}</option>}
        </select>
      </fieldset>
      <fieldset className="cat-facet" data-facet="project-id">
        <legend id="facet-project-id-label"><FormattedMessage id="facets.projectId" defaultMessage="Project ID" /></legend>
        <input
          className="ms-input"
          name="projectId"
          aria-labelledby="facet-project-id-label"
          defaultValue={state.projectId}
          key={state.projectId}
          onBlur={(e) => e.target.value.trim() !== state.projectId && onChange({ projectId: e.target.value.trim() })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ projectId: (e.target as HTMLInputElement).value.trim() });
          }}
        />
      </fieldset>
    </div>
  );
}
