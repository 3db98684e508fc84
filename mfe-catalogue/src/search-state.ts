import { DEFAULT_LAYOUT, DEFAULT_PAGE_SIZE, LAYOUTS, SEARCH_PAGE_SIZES, SEARCH_SORTS, type Layout, type SearchSort } from '@modshelf/web-kit';

export type SearchProjectType = 'mod' | 'modpack' | 'server';
export type Environment = 'client' | 'server';
/** Filters that a link may provide, and so lock: game versions and loaders. */
export type LockableFacet = 'versions' | 'loaders';
const LOCK_KEYS: Record<LockableFacet, string> = { versions: 'v', loaders: 'g' };

/** Everything the search page shows, kept in the URL. */
export interface SearchState {
  query: string;
  categories: string[];
  loaders: string[];
  versions: string[];
  environments: Environment[];
  license: string;
  projectId: string;
  sort: SearchSort;
  page: number;
  limit: number;
  layout: Layout;
  /** values a link provided (`pv`, `pg`): locked until unlocked */
  provided: Record<LockableFacet, string[]>;
  /** provided facets the visitor unlocked (`ul`) to choose their own values */
  unlocked: LockableFacet[];
}

/** `layout`: the page's default view (the visitor's choice in display preferences, else DEFAULT_LAYOUT). */
export function defaultSearchState(type: SearchProjectType, layout: Layout = DEFAULT_LAYOUT[type]): SearchState {
  return {
    query: '',
    categories: [],
    loaders: [],
    versions: [],
    environments: [],
    license: '',
    projectId: '',
    sort: 'relevance',
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    layout,
    provided: { versions: [], loaders: [] },
    unlocked: [],
  };
}

function uniq(values: string[]): string[] {
  return [...new Set(values.filter((v) => v.length > 0))];
}

export function parseSearchParams(params: URLSearchParams, type: SearchProjectType, preferred?: Layout): SearchState {
  const d = defaultSearchState(type, preferred);
  const sort = params.get('s');
  const layout = params.get('view');
  const limit = Number(params.get('m'));
  const page = Math.floor(Number(params.get('page')));
  return {
    query: params.get('q') ?? '',
    categories: uniq(params.getAll('c')),
    loaders: uniq(params.getAll('g')),
    versions: uniq(params.getAll('v')),
    environments: uniq(params.getAll('e')).filter((e): e is Environment => e === 'client' || e === 'server'),
    license: params.get('l') ?? '',
    projectId: params.get('pid') ?? '',
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : d.sort,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    limit: (SEARCH_PAGE_SIZES as readonly number[]).includes(limit) ? limit : d.limit,
    layout: (LAYOUTS as readonly string[]).includes(layout ?? '') ? (layout as Layout) : d.layout,
    provided: { versions: uniq(params.getAll('pv')), loaders: uniq(params.getAll('pg')) },
    unlocked: (['versions', 'loaders'] as const).filter((f) => params.getAll('ul').includes(LOCK_KEYS[f])),
  };
}

/** Whether a facet is locked: a link provided values and the visitor has not unlocked it. */
export function isLocked(s: Pick<SearchState, 'provided' | 'unlocked'>, facet: LockableFacet): boolean {
  return s.provided[facet].length > 0 && !s.unlocked.includes(facet);
}

/** The values a facet filters by: the provided ones while locked, else the visitor's. */
export function effective(s: SearchState, facet: LockableFacet): string[] {
  return isLocked(s, facet) ? s.provided[facet] : s[facet];
}

/** Unlock: the visitor's own values start from the provided ones. */
export function unlockPatch(s: SearchState, facet: LockableFacet): Partial<SearchState> {
  return { unlocked: [...s.unlocked.filter((f) => f !== facet), facet], [facet]: [...s.provided[facet]] };
}

/** Sync: back to the provided values, locked again. */
export function syncPatch(s: SearchState, facet: LockableFacet): Partial<SearchState> {
  return { unlocked: s.unlocked.filter((f) => f !== facet), [facet]: [] };
}

/** The URL query for a state; defaults are left out so plain pages keep plain URLs. */
export function toSearchParams(s: SearchState, type: SearchProjectType, keep?: URLSearchParams, preferred?: Layout): URLSearchParams {
  const d = defaultSearchState(type, preferred);
  const p = new URLSearchParams();
  const hl = keep?.get('hl');
  if (s.query) p.set('q', s.query);
  for (const c of s.categories) p.append('c', c);
  for (const g of s.loaders) p.append('g', g);
  for (const v of s.versions) p.append('v', v);
  for (const e of s.environments) p.append('e', e);
  if (s.license) p.set('l', s.license);
  if (s.projectId) p.set('pid', s.projectId);
  if (s.sort !== d.sort) p.set('s', s.sort);
  if (s.limit !== d.limit) p.set('m', String(s.limit));
  if (s.page > 1) p.set('page', String(s.page));
  if (s.layout !== d.layout) p.set('view', s.layout);
  for (const v of s.provided.versions) p.append('pv', v);
  for (const g of s.provided.loaders) p.append('pg', g);
  for (const f of s.unlocked) if (s.provided[f].length) p.append('ul', LOCK_KEYS[f]);
  if (hl) p.set('hl', hl);
  return p;
}

/** Modrinth facets: the outer array is AND, each inner array is OR. */
export function buildFacets(s: SearchState, type: SearchProjectType): string[][] {
  const facets: string[][] = [[`project_type:${type}`]];
  for (const c of s.categories) facets.push([`categories:${c}`]);
  const loaders = effective(s, 'loaders');
  const versions = effective(s, 'versions');
  if (loaders.length) facets.push(loaders.map((l) => `categories:${l}`));
  if (versions.length) facets.push(versions.map((v) => `versions:${v}`));
  for (const e of s.environments) facets.push([`${e}_side:required`, `${e}_side:optional`]);
  if (s.license) facets.push([`license:${s.license}`]);
  if (s.projectId) facets.push([`project_id:${s.projectId}`]);
  return facets;
}

export function searchOffset(s: Pick<SearchState, 'page' | 'limit'>): number {
  return (s.page - 1) * s.limit;
}

export function pageCount(totalHits: number, limit: number): number {
  return Math.max(1, Math.ceil(totalHits / Math.max(1, limit)));
}

/** Page numbers to show: first, last, and a window around the current one (0 marks a gap). */
export function pageWindow(current: number, total: number, radius = 2): number[] {
  const pages: number[] = [];
  for (let i = 1; i <= total; i++) {
    if (i === 1 || i === total || Math.abs(i - current) <= radius) pages.push(i);
    else if (pages[pages.length - 1] !== 0) pages.push(0);
  }
  return pages;
}

export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
