import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useAtomValue } from 'jotai';
import {
  api,
  apiUrls,
  displayPreferencesAtom,
  LAYOUTS,
  layoutFor,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZES,
  SEARCH_SORTS,
  usePageMeta,
  useApi,
  type Layout,
  type SearchParams,
  type SearchSort,
} from '@modshelf/web-kit';
import { fromHit, ProjectCard } from '../components/ProjectCard';
import { Facets } from '../components/Facets';
import { Pagination } from '../components/Pagination';
import { buildFacets, pageCount, parseSearchParams, searchOffset, toSearchParams, type SearchProjectType, type SearchState } from '../search-state';

const TITLES = {
  mod: { id: 'search.mods', defaultMessage: 'Search mods' },
  modpack: { id: 'search.modpacks', defaultMessage: 'Search modpacks' },
  server: { id: 'search.servers', defaultMessage: 'Search servers' },
} as const;

const SORT_LABELS: Record<SearchSort, { id: string; defaultMessage: string }> = {
  relevance: { id: 'sort.relevance', defaultMessage: 'Relevance' },
  downloads: { id: 'sort.downloads', defaultMessage: 'Downloads' },
  follows: { id: 'sort.follows', defaultMessage: 'Follow count' },
  newest: { id: 'sort.newest', defaultMessage: 'Date published' },
  updated: { id: 'sort.updated', defaultMessage: 'Date updated' },
};

const LAYOUT_LABELS: Record<Layout, { id: string; defaultMessage: string }> = {
  list: { id: 'layout.list', defaultMessage: 'List' },
  grid: { id: 'layout.grid', defaultMessage: 'Grid' },
  gallery: { id: 'layout.gallery', defaultMessage: 'Gallery' },
};

/** The search screen shared by /mods, /modpacks and /servers; its whole state lives in the URL. */
export function SearchPage({ type }: { type: SearchProjectType }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const prefs = useAtomValue(displayPreferencesAtom);
  const preferred = layoutFor(prefs, type);
  const state = useMemo(() => parseSearchParams(params, type, preferred), [params, type, preferred]);
  const [typed, setTyped] = useState(state.query);
  const lastPushed = useRef(state.query);
  usePageMeta(intl.formatMessage(TITLES[type]));

  const update = (patch: Partial<SearchState>, opts: { replace?: boolean } = {}) => {
    const next = { ...state, page: 1, ...patch };
    setParams(toSearchParams(next, type, params, preferred), { replace: opts.replace ?? false });
  };

  // The URL may change under us (back button, header search): follow it.
  useEffect(() => {
    if (state.query !== lastPushed.current) {
      lastPushed.current = state.query;
      setTyped(state.query);
    }
  }, [state.query]);

  // Debounced as-you-type: one URL update (and one API call) per pause in typing.
  useEffect(() => {
    if (typed === state.query) return;
    const t = setTimeout(() => {
      lastPushed.current = typed;
      update({ query: typed }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // on typing only: the URL this writes changes `state`, which must not restart the pause
  }, [typed]);

  const facets = buildFacets(state, type);
  const key = `search:${state.query}|${JSON.stringify(facets)}|${state.sort}|${state.page}|${state.limit}`;
  const request: SearchParams = { query: state.query, facets, index: state.sort, offset: searchOffset(state), limit: state.limit };
  const results = useApi(key, (signal) => api.search(request, signal), apiUrls.search(request));
  const total = results.data?.total_hits ?? 0;
  // phones: the filters fold behind a button (CSS shows the button and hides the closed panel under 800 px)
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters =
    state.categories.length + state.loaders.length + state.versions.length + state.environments.length + (state.license ? 1 : 0) + (state.projectId ? 1 : 0);
  const pages = pageCount(total, state.limit);

  return (
    <div className={`cat-search${prefs.searchLayout ? ' cat-search--right' : ''}`}>
      <button
        type="button"
        className="ms-btn cat-search__filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="cat-search-facets"
        onClick={() => setFiltersOpen((o) => !o)}
      >
        <FormattedMessage id="search.filters" defaultMessage="{n, plural, =0 {Filters} other {Filters (#)}}" values={{ n: activeFilters }} />
      </button>
      <aside id="cat-search-facets" className={`cat-search__facets${filtersOpen ? ' cat-search__facets--open' : ''}`}>
        <Facets type={type} state={state} onChange={update} />
      </aside>
      <section className="cat-search__main">
        <div className="cat-search__bar ms-card">
          <input
            className="ms-input cat-search__input"
            type="search"
            name="query"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={intl.formatMessage(TITLES[type])}
            aria-label={intl.formatMessage(TITLES[type])}
          />
          <label className="cat-inline">
            <span className="ms-muted">
              <FormattedMessage id="search.sortBy" defaultMessage="Sort by" />
            </span>
            <select className="ms-input" name="sort" value={state.sort} onChange={(e) => update({ sort: e.target.value as SearchSort })}>
              {SEARCH_SORTS.map((s) => (
                <option key={s} value={s}>
                  {intl.formatMessage(SORT_LABELS[s])}
                </option>
              ))}
            </select>
          </label>
          <label className="cat-inline">
            <span className="ms-muted">
              <FormattedMessage id="search.show" defaultMessage="Show per page" />
            </span>
            <select className="ms-input" name="limit" value={state.limit} onChange={(e) => update({ limit: Number(e.target.value) })}>
              {SEARCH_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <div className="cat-layouts" role="group" aria-label={intl.formatMessage({ id: 'search.layout', defaultMessage: 'Layout' })}>
            {LAYOUTS.map((l) => (
              <button
                key={l}
                type="button"
                className="ms-btn"
                aria-pressed={state.layout === l}
                onClick={() => update({ layout: l, page: state.page }, { replace: true })}
              >
                {intl.formatMessage(LAYOUT_LABELS[l])}
              </button>
            ))}
          </div>
        </div>
        <p className="ms-muted cat-search__count" data-testid="result-count" aria-live="polite">
          {results.data && <FormattedMessage id="search.count" defaultMessage="{n, plural, one {# result} other {# results}}" values={{ n: total }} />}
        </p>
        {results.error && (
          <p role="alert" className="cat-alert">
            {results.error.message}
          </p>
        )}
        {results.data && results.data.hits.length === 0 && (
          <p className="ms-card cat-empty">
            <FormattedMessage id="search.none" defaultMessage="No results found for your query!" />
          </p>
        )}
        <div className={`cat-results cat-results--${state.layout}`} data-layout={state.layout} aria-busy={results.loading}>
          {results.data?.hits.map((h) => (
            <ProjectCard key={h.project_id} p={fromHit(h)} layout={state.layout} />
          ))}
        </div>
        {pages > 1 && (
          <Pagination
            page={state.page}
            pages={pages}
            onPage={(page) => {
              update({ page });
              window.scrollTo(0, 0);
            }}
          />
        )}
      </section>
    </div>
  );
}
