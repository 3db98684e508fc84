/**
 * The dashboard's calls, through the web kit's client: a write remembers the log position it reached,
 * so every later read waits for it (read-your-writes).
 */
import {
  apiFetch,
  command,
  type Collection,
  type CreateProjectBody as ContractCreateProjectBody,
  type Notification as ContractNotification,
  type NotificationAction as ContractNotificationAction,
  type Organization,
  type Project,
  type Report as ContractReport,
} from '@modshelf/web-kit';

/** The wire's answers (the contract's types). */

export type NotificationAction = ContractNotificationAction;
export type Notification = ContractNotification;

export type Report = ContractReport;

/** A collection as the read side serves it (v3's date fields). */
export type DashboardCollection = Collection;

const enc = encodeURIComponent;

/** What the create dialog fills of the wire's body; createProject adds the rest. */
export type CreateProjectBody = Pick<ContractCreateProjectBody, 'title' | 'slug' | 'description' | 'project_type' | 'requested_status' | 'license_id'>;

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
