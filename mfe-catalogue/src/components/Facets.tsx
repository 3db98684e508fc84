import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, apiUrls, formatCategory, GAME_VERSIONS, LOADERS, MOD_CATEGORIES, MODPACK_CATEGORIES, useApi, type CategoryTag } from '@modshelf/web-kit';
import { isLocked, syncPatch, toggle, unlockPatch, type LockableFacet, type SearchProjectType, type SearchState } from '../search-state';
import { groupCategories } from '../category-order';

function fallbackCategories(type: SearchProjectType): CategoryTag[] {
  const names = type === 'modpack' ? MODPACK_CATEGORIES : type === 'mod' ? MOD_CATEGORIES : [];
  return names.map((name) => ({ name, project_type: type, header: 'categories', icon: '' }));
}

function CheckList({
  name,
  options,
  selected,
  onToggle,
  locked = false,
}: {
  name: string;
  options: { value: string; label: string; icon?: string }[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  locked?: boolean;
}) {
  return (
    <ul className="cat-facet__list">
      {options.map((o) => (
        <li key={o.value}>
          <label className="cat-check">
            <input type="checkbox" name={name} value={o.value} checked={selected.includes(o.value)} disabled={locked} onChange={() => onToggle(o.value)} />
            {/* the tag's icon: a static SVG from the tag API (never user input) */}
            {o.icon && <span className="cat-facet__icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: o.icon }} />}
            <span>{o.label}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** A locked filter's state line: locked (unlock) or unlocked from provided values (sync). */
function LockControl({ facet, state, onChange }: { facet: LockableFacet; state: SearchState; onChange: (patch: Partial<SearchState>) => void }) {
  if (!state.provided[facet].length) return null;
  const locked = isLocked(state, facet);
  return (
    <p className="cat-facet__lock" data-testid={`lock-${facet}`} data-locked={locked}>
      <span className="ms-muted">
        {locked ? (
          <FormattedMessage id="facets.locked" defaultMessage="Locked by the link you followed" />
        ) : (
          <FormattedMessage id="facets.unlocked" defaultMessage="Unlocked: your own choice" />
        )}
      </span>{' '}
      {locked ? (
        <button type="button" className="ms-btn" onClick={() => onChange(unlockPatch(state, facet))}>
          <FormattedMessage id="facets.unlock" defaultMessage="Unlock" />
        </button>
      ) : (
        <button type="button" className="ms-btn" onClick={() => onChange(syncPatch(state, facet))}>
          <FormattedMessage id="facets.sync" defaultMessage="Sync" />
        </button>
      )}
    </p>
  );
}

export function Facets({ type, state, onChange }: { type: SearchProjectType; state: SearchState; onChange: (patch: Partial<SearchState>) => void }) {
  const intl = useIntl();
  const [showAll, setShowAll] = useState(false);
  const cats = useApi('tag:category', (s) => api.categories(s), apiUrls.tag('category'));
  const loaders = useApi('tag:loader', (s) => api.loaders(s), apiUrls.tag('loader'));
  const versions = useApi('tag:game_version', (s) => api.gameVersions(s), apiUrls.tag('game_version'));
  const licenses = useApi('tag:license', (s) => api.licenses(s), apiUrls.tag('license'));

  const iconOf = (name: string) => cats.data?.find((c) => c.name === name && c.project_type === type)?.icon;
  const categoryGroups = groupCategories(cats.data ?? fallbackCategories(type), type);
  const headerLabel = (h: string) =>
    h === 'categories'
      ? intl.formatMessage({ id: 'facets.categories', defaultMessage: 'Categories' })
      : h === 'resolutions'
        ? intl.formatMessage({ id: 'facets.resolutions', defaultMessage: 'Resolutions' })
        : h === 'performance impact'
          ? intl.formatMessage({ id: 'facets.performance', defaultMessage: 'Performance impact' })
          : h === 'features'
            ? intl.formatMessage({ id: 'facets.features', defaultMessage: 'Features' })
            : formatCategory(h);
  const versionsLocked = isLocked(state, 'versions');
  const loadersLocked = isLocked(state, 'loaders');
  const loaderList = loaders.data ? loaders.data.filter((l) => l.supported_project_types.includes(type)).map((l) => l.name) : [...LOADERS];
  const versionTags = versions.data ?? GAME_VERSIONS.map((v) => ({ version: v, version_type: 'release', date: '', major: true }));
  const shownVersions = versionsLocked ? state.provided.versions : state.versions;
  const versionList = versionTags.filter((v) => showAll || v.version_type === 'release' || shownVersions.includes(v.version));
  const hasFilters =
    state.categories.length + state.loaders.length + state.versions.length + state.environments.length > 0 || !!state.license || !!state.projectId;

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
      {categoryGroups.map((g) => (
        <fieldset className="cat-facet" data-facet={g.header === 'categories' ? 'categories' : g.header} key={g.header}>
          <legend>{headerLabel(g.header)}</legend>
          <CheckList
            name="category"
            options={g.names.map((c) => ({ value: c, label: formatCategory(c), icon: iconOf(c) }))}
            selected={state.categories}
            onToggle={(v) => onChange({ categories: toggle(state.categories, v) })}
          />
        </fieldset>
      ))}
      {type !== 'server' && loaderList.length > 0 && (
        <fieldset className="cat-facet" data-facet="loaders">
          <legend>
            <FormattedMessage id="facets.loaders" defaultMessage="Loaders" />
          </legend>
          <LockControl facet="loaders" state={state} onChange={onChange} />
          <CheckList
            name="loader"
            options={loaderList.map((l) => ({ value: l, label: formatCategory(l), icon: loaders.data?.find((x) => x.name === l)?.icon }))}
            selected={loadersLocked ? state.provided.loaders : state.loaders}
            locked={loadersLocked}
            onToggle={(v) => onChange({ loaders: toggle(state.loaders, v) })}
          />
        </fieldset>
      )}
      <fieldset className="cat-facet" data-facet="versions">
        <legend>
          <FormattedMessage id="facets.versions" defaultMessage="Game versions" />
        </legend>
        <LockControl facet="versions" state={state} onChange={onChange} />
        <CheckList
          name="version"
          options={versionList.map((v) => ({ value: v.version, label: v.version }))}
          selected={shownVersions}
          locked={versionsLocked}
          onToggle={(v) => onChange({ versions: toggle(state.versions, v) })}
        />
        <label className="cat-check cat-facet__toggle">
          <input type="checkbox" name="showAllVersions" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
          <span>
            <FormattedMessage id="facets.showAll" defaultMessage="Show all versions" />
          </span>
        </label>
      </fieldset>
      {type !== 'server' && (
        <fieldset className="cat-facet" data-facet="environment">
          <legend>
            <FormattedMessage id="facets.environment" defaultMessage="Environment" />
          </legend>
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
        <legend id="facet-license-label">
          <FormattedMessage id="facets.license" defaultMessage="License" />
        </legend>
        <select
          className="ms-input"
          name="license"
          aria-labelledby="facet-license-label"
          value={state.license}
          onChange={(e) => onChange({ license: e.target.value })}
        >
          <option value="">{intl.formatMessage({ id: 'facets.anyLicense', defaultMessage: 'Any license' })}</option>
          {(licenses.data ?? []).map((l) => (
            <option key={l.short} value={l.short}>
              {l.name}
            </option>
          ))}
          {state.license && !(licenses.data ?? []).some((l) => l.short === state.license) && <option value={state.license}>{state.license}</option>}
        </select>
      </fieldset>
      <fieldset className="cat-facet" data-facet="project-id">
        <legend id="facet-project-id-label">
          <FormattedMessage id="facets.projectId" defaultMessage="Project ID" />
        </legend>
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
