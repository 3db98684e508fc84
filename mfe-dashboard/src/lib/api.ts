/**
 * The dashboard's calls, through the web kit's client: a write remembers the log position it reached,
 * so every later read waits for it (read-your-writes).
 */
import { apiFetch, command, type Collection, type Organization, type Project } from '@modshelf/web-kit';

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
  userProjects: (userId: string, signal?: AbortSignal) => apiFetch<Project[]>(`/user/${enc(userId)}/projects`, { signal }),
  notifications: (userId: string, signal?: AbortSignal) => apiFetch<Notification[]>(`/user/${enc(userId)}/notifications`, { signal }),
  collections: (userId: string, signal?: AbortSignal) => apiFetch<DashboardCollection[]>(`/user/${enc(userId)}/collections`, { signal }),
  organizations: (userId: string, signal?: AbortSignal) => apiFetch<Organization[]>(`/user/${enc(userId)}/organizations`, { signal }),
  reports: (signal?: AbortSignal) => apiFetch<Report[]>('/report', { signal, query: { count: 1000 } }),
  report: (id: string, signal?: AbortSignal) => apiFetch<Report>(`/report/${enc(id)}`, { signal }),
  projects: (ids: string[], signal?: AbortSignal) =>
    ids.length ? apiFetch<Project[]>('/projects', { signal, query: { ids: JSON.stringify(ids) } }) : Promise.resolve([] as Project[]),

  createProject: (body: CreateProjectBody) => {
    // POST /v2/project is multipart (data + optional icon); the API also takes the data part alone
    const fd = new FormData();
    fd.append('data', JSON.stringify({ ...body, body: '', categories: [], additional_categories: [], is_draft: true, initial_versions: [] }));
    return command<Project>('/project', 'POST', undefined, { raw: fd });
  },
  markRead: (id: string) => command(`/notification/${enc(id)}`, 'PATCH'),
  markAllRead: (ids: string[]) => command('/notifications', 'PATCH', undefined, { query: { ids: JSON.stringify(ids) } }),
  deleteNotification: (id: string) => command(`/notification/${enc(id)}`, 'DELETE'),
  deleteNotifications: (ids: string[]) => command('/notifications', 'DELETE', undefined, { query: { ids: JSON.stringify(ids) } }),
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
