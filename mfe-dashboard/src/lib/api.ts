/** The dashboard's calls: reads through the web kit, writes with the log position they reached. */
import { ApiError, apiFetch, buildUrl, getAuthToken, loading, type Collection, type Organization, type Project } from '@modshelf/web-kit';

export interface NotificationAction {
  title: string;
  action_route: [string, string];
}
export interface Notification {
  id: string;
  user_id: string;
  type: string | null;
  title: string;
  text: string;
  link: string;
  read: boolean;
  created: string;
  actions: NotificationAction[];
}

export interface Report {
  id: string;
  report_type: string;
  item_id: string;
  item_type: 'project' | 'version' | 'user' | string;
  reporter: string;
  body: string;
  created: string;
  closed: boolean;
  thread_id?: string | null;
}

/** The read side serves collections with v3 date fields; the web kit's type names them created/updated. */
export type DashboardCollection = Collection & { date_created?: string; date_updated?: string };

export const POSITION_HEADER = 'x-modshelf-position';

/** The highest log position this tab's own writes reached: reads after them wait for it (read-your-writes). */
let lastPosition = 0;
export function lastWritePosition(): number {
  return lastPosition;
}
export function noteWritePosition(p: number | null): void {
  if (p && p > lastPosition) lastPosition = p;
}

const at = () => (lastPosition > 0 ? { min_position: lastPosition } : {});

export async function command<T = void>(
  path: string,
  method: 'POST' | 'PATCH' | 'DELETE',
  body?: unknown,
  query?: Record<string, string>,
): Promise<{ data: T; position: number | null }> {
  const headers = new Headers({ 'X-Requested-With': 'modshelf' });
  const token = getAuthToken();
  if (token) headers.set('Authorization', token);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const res = await loading.track(
    fetch(buildUrl(path, query ?? {}), { method, credentials: 'same-origin', headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  if (!res.ok) {
    let error = res.status === 404 ? 'not_found' : 'error';
    let description = res.status === 404 ? 'Not found' : `${res.status} ${res.statusText}`;
    try {
      const b = (await res.json()) as { error?: string; description?: string };
      if (b.error) error = b.error;
      if (b.description) description = b.description;
    } catch {
      /* empty body */
    }
    throw new ApiError(res.status, error, description);
  }
  const pos = Number(res.headers.get(POSITION_HEADER));
  const position = Number.isSafeInteger(pos) && pos > 0 ? pos : null;
  noteWritePosition(position);
  const text = res.status === 204 ? '' : await res.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, position };
}

const enc = encodeURIComponent;

export interface CreateProjectBody {
  title: string;
  slug: string;
  description: string;
  project_type: 'mod' | 'modpack' | 'server' | 'behaviorpack';
  requested_status: 'approved' | 'unlisted' | 'private';
  license_id: string;
}

export const dashboard = {
  userProjects: (userId: string, signal?: AbortSignal) => apiFetch<Project[]>(`/user/${enc(userId)}/projects`, { signal, query: at() }),
  notifications: (userId: string, signal?: AbortSignal) => apiFetch<Notification[]>(`/user/${enc(userId)}/notifications`, { signal, query: at() }),
  collections: (userId: string, signal?: AbortSignal) => apiFetch<DashboardCollection[]>(`/user/${enc(userId)}/collections`, { signal, query: at() }),
  organizations: (userId: string, signal?: AbortSignal) => apiFetch<Organization[]>(`/user/${enc(userId)}/organizations`, { signal, query: at() }),
  reports: (signal?: AbortSignal) => apiFetch<Report[]>('/report', { signal, query: { count: 1000, ...at() } }),
  report: (id: string, signal?: AbortSignal) => apiFetch<Report>(`/report/${enc(id)}`, { signal, query: at() }),
  projects: (ids: string[], signal?: AbortSignal) =>
    ids.length ? apiFetch<Project[]>('/projects', { signal, query: { ids: JSON.stringify(ids), ...at() } }) : Promise.resolve([] as Project[]),

  createProject: (body: CreateProjectBody) => {
    // POST /v2/project is multipart (data + optional icon); the API also takes the data part alone
    const fd = new FormData();
    fd.append('data', JSON.stringify({ ...body, body: '', categories: [], additional_categories: [], is_draft: true, initial_versions: [] }));
    return multipart<Project>('/project', fd);
  },
  markRead: (id: string) => command(`/notification/${enc(id)}`, 'PATCH'),
  markAllRead: (ids: string[]) => command('/notifications', 'PATCH', undefined, { ids: JSON.stringify(ids) }),
  deleteNotification: (id: string) => command(`/notification/${enc(id)}`, 'DELETE'),
  deleteNotifications: (ids: string[]) => command('/notifications', 'DELETE', undefined, { ids: JSON.stringify(ids) }),
  /** A notification's action: its route is [method, path below /v2]. */
  runAction: (action: NotificationAction) => {
    const [method, path] = action.action_route;
    const m = method.toUpperCase();
    if (m !== 'POST' && m !== 'PATCH' && m !== 'DELETE') throw new Error(`Unsupported action method ${method}`);
    return command(`/${path.replace(/^\/+/, '')}`, m);
  },
  createCollection: (b: { name: string; description?: string | null }) => command<DashboardCollection>('/collection', 'POST', b),
  editCollection: (id: string, b: { name?: string; description?: string | null; status?: string }) => command(`/collection/${enc(id)}`, 'PATCH', b),
  deleteCollection: (id: string) => command(`/collection/${enc(id)}`, 'DELETE'),
  createOrganization: (b: { name: string; slug: string; description: string }) => command<Organization>('/organization', 'POST', b),
};

async function multipart<T>(path: string, fd: FormData): Promise<{ data: T; position: number | null }> {
  const headers = new Headers({ 'X-Requested-With': 'modshelf' });
  const token = getAuthToken();
  if (token) headers.set('Authorization', token);
  const res = await loading.track(fetch(buildUrl(path), { method: 'POST', credentials: 'same-origin', headers, body: fd }));
  if (!res.ok) {
    let description = `${res.status} ${res.statusText}`;
    let error = 'error';
    try {
      const b = (await res.json()) as { error?: string; description?: string };
      if (b.error) error = b.error;
      if (b.description) description = b.description;
    } catch {
      /* empty */
    }
    throw new ApiError(res.status, error, description);
  }
  const pos = Number(res.headers.get(POSITION_HEADER));
  const position = Number.isSafeInteger(pos) && pos > 0 ? pos : null;
  noteWritePosition(position);
  return { data: (await res.json()) as T, position };
}

/** Waits (bounded, server side) until the read side passed a position; any cheap read with min_position does. */
export async function caughtUp(position: number | null): Promise<void> {
  if (!position) return;
  try {
    await apiFetch('/statistics', { query: { min_position: position } });
  } catch {
    /* best effort: the next reads carry min_position too */
  }
}
