import { MIN_POSITION_HEADER, POSITION_HEADER } from '@modshelf/contract/headers';
import { ERRORS } from './constants';
import { loading } from './loading';
import { takePreloaded } from './preloaded';
import type { CategoryTag, Collection, GameVersionTag, LoaderTag, Organization, Project, SearchResults, TeamMember, User, Version } from './types';

export const API_BASE = '/v2';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description || error || ERRORS.fallback.message);
    this.name = 'ApiError';
  }
}

let authToken: string | null = null;
/** The session token sent as Authorization (set by the sign-in flow). */
export function setAuthToken(token: string | null): void {
  authToken = token;
}
export function getAuthToken(): string | null {
  return authToken;
}

/** The header names of read-your-writes come from the contract (a command answers its log position). */
export { MIN_POSITION_HEADER, POSITION_HEADER };

let lastWritePosition = 0;
/**
 * The highest log position any write of this page reached. Every later read sends it back, so a
 * page never reads the projections from before its own write (e.g. the account it just created).
 */
export function getLastWritePosition(): number {
  return lastWritePosition;
}
/** Forgets the remembered position (tests; a page that starts over). */
export function resetLastWritePosition(): void {
  lastWritePosition = 0;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function buildUrl(path: string, query: Query = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}${path}${s ? `?${s}` : ''}`;
}

/** What a request answered: its JSON body (undefined when empty) and the log position a write reached. */
export interface ApiAnswer<T> {
  data: T;
  position: number | null;
}

/** The API's `{error, description}` failure as an ApiError (a bare 404 becomes not_found). */
async function failure(res: Response): Promise<ApiError> {
  let error = res.status === 404 ? 'not_found' : 'error';
  let description = res.status === 404 ? 'Not found' : `${res.status} ${res.statusText}`;
  try {
    const body = (await res.json()) as { error?: string; description?: string };
    if (body.error) error = body.error;
    if (body.description) description = body.description;
  } catch {
    /* empty body (Modrinth answers many misses with a bare 404) */
  }
  return new ApiError(res.status, error, description);
}

/** The answer the server inlined in the page for a read URL, once, and only before this page wrote (else undefined). */
export function takePageAnswer(url: string): unknown {
  return lastWritePosition === 0 ? takePreloaded(url) : undefined;
}

/**
 * One request to the API. A write remembers the log position it reached (and answers it); a read
 * sends the highest remembered position back, so it waits for the page's own writes.
 */
export async function apiRequest<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<ApiAnswer<T>> {
  const { query, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (authToken) headers.set('Authorization', authToken);
  // a multipart body gets its Content-Type (with the boundary) from the browser
  if (rest.body && !headers.has('Content-Type') && !(rest.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  // cookie-authenticated writes carry the CSRF marker header the API accepts
  const isWrite = !!rest.method && rest.method !== 'GET' && rest.method !== 'HEAD';
  if (isWrite) headers.set('X-Requested-With', 'modshelf');
  else if (lastWritePosition > 0 && !headers.has(MIN_POSITION_HEADER)) headers.set(MIN_POSITION_HEADER, String(lastWritePosition));
  // a read the server answered in the page itself (before any write of this page) needs no request
  const url = buildUrl(path, query);
  if (!isWrite) {
    const inlined = takePageAnswer(url);
    if (inlined !== undefined) return { data: inlined as T, position: null };
  }
  const res = await loading.track(fetch(url, { credentials: 'same-origin', ...rest, headers }));
  let position: number | null = null;
  if (isWrite) {
    const answered = Number(res.headers.get(POSITION_HEADER));
    if (Number.isSafeInteger(answered) && answered > 0) position = answered;
    if (position !== null && position > lastWritePosition) lastWritePosition = position;
  }
  if (!res.ok) throw await failure(res);
  const text = res.status === 204 ? '' : await res.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, position };
}

export async function apiFetch<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<T> {
  return (await apiRequest<T>(path, init)).data;
}

export interface SearchParams {
  query?: string;
  facets?: string[][];
  index?: string;
  offset?: number;
  limit?: number;
}

const searchQuery = (p: SearchParams): Query => ({
  query: p.query,
  facets: p.facets && p.facets.length ? JSON.stringify(p.facets) : undefined,
  index: p.index,
  offset: p.offset,
  limit: p.limit,
});
const projectPath = (idOrSlug: string) => `/project/${encodeURIComponent(idOrSlug)}`;
type TagName = 'category' | 'loader' | 'game_version' | 'license';
const tagPath = (name: TagName) => `/tag/${name}`;

/** The URLs of the reads a page's first render may find inlined in the page (useApi's `pageUrl`), built as `api` builds them. */
export const apiUrls = {
  search: (p: SearchParams) => buildUrl('/search', searchQuery(p)),
  project: (idOrSlug: string) => buildUrl(projectPath(idOrSlug)),
  projectVersions: (idOrSlug: string) => buildUrl(`${projectPath(idOrSlug)}/version`),
  projectMembers: (idOrSlug: string) => buildUrl(`${projectPath(idOrSlug)}/members`),
  tag: (name: TagName) => buildUrl(tagPath(name)),
};

export const api = {
  search: (p: SearchParams, signal?: AbortSignal) => apiFetch<SearchResults>('/search', { signal, query: searchQuery(p) }),
  project: (idOrSlug: string, signal?: AbortSignal) => apiFetch<Project>(projectPath(idOrSlug), { signal }),
  projects: (ids: string[], signal?: AbortSignal) => apiFetch<Project[]>('/projects', { signal, query: { ids: JSON.stringify(ids) } }),
  projectVersions: (idOrSlug: string, signal?: AbortSignal) => apiFetch<Version[]>(`${projectPath(idOrSlug)}/version`, { signal }),
  projectMembers: (idOrSlug: string, signal?: AbortSignal) => apiFetch<TeamMember[]>(`${projectPath(idOrSlug)}/members`, { signal }),
  projectOrganization: (idOrSlug: string, signal?: AbortSignal) => apiFetch<Organization>(`/project/${encodeURIComponent(idOrSlug)}/organization`, { signal }),
  version: (id: string, signal?: AbortSignal) => apiFetch<Version>(`/version/${encodeURIComponent(id)}`, { signal }),
  versions: (ids: string[], signal?: AbortSignal) => apiFetch<Version[]>('/versions', { signal, query: { ids: JSON.stringify(ids) } }),
  user: (idOrName: string, signal?: AbortSignal) => apiFetch<User>(`/user/${encodeURIComponent(idOrName)}`, { signal }),
  currentUser: (signal?: AbortSignal) => apiFetch<User>('/user', { signal }),
  userProjects: (idOrName: string, signal?: AbortSignal) => apiFetch<Project[]>(`/user/${encodeURIComponent(idOrName)}/projects`, { signal }),
  userOrganizations: (idOrName: string, signal?: AbortSignal) => apiFetch<Organization[]>(`/user/${encodeURIComponent(idOrName)}/organizations`, { signal }),
  userCollections: (idOrName: string, signal?: AbortSignal) => apiFetch<Collection[]>(`/user/${encodeURIComponent(idOrName)}/collections`, { signal }),
  userFollows: (idOrName: string, signal?: AbortSignal) => apiFetch<Project[]>(`/user/${encodeURIComponent(idOrName)}/follows`, { signal }),
  organization: (idOrSlug: string, signal?: AbortSignal) => apiFetch<Organization>(`/organization/${encodeURIComponent(idOrSlug)}`, { signal }),
  organizationProjects: (idOrSlug: string, signal?: AbortSignal) => apiFetch<Project[]>(`/organization/${encodeURIComponent(idOrSlug)}/projects`, { signal }),
  collection: (id: string, signal?: AbortSignal) => apiFetch<Collection>(`/collection/${encodeURIComponent(id)}`, { signal }),
  follow: (idOrSlug: string, follow: boolean) => apiFetch<void>(`/project/${encodeURIComponent(idOrSlug)}/follow`, { method: follow ? 'POST' : 'DELETE' }),
  report: (body: { report_type: string; item_id: string; item_type: string; body: string }) =>
    apiFetch<unknown>('/report', { method: 'POST', body: JSON.stringify(body) }),
  categories: (signal?: AbortSignal) => apiFetch<CategoryTag[]>(tagPath('category'), { signal }),
  loaders: (signal?: AbortSignal) => apiFetch<LoaderTag[]>(tagPath('loader'), { signal }),
  gameVersions: (signal?: AbortSignal) => apiFetch<GameVersionTag[]>(tagPath('game_version'), { signal }),
  licenses: (signal?: AbortSignal) => apiFetch<{ short: string; name: string }[]>(tagPath('license'), { signal }),
};
