import {
  apiFetch,
  command,
  type AsOfAnswer,
  type BillingOverview as UserBilling,
  type Charge as BillingCharge,
  type ModerationStats,
  type PaymentMethod as BillingMethod,
  type Project,
  type QueuedProject,
  type Report,
  type Subscription as BillingSubscription,
  type TimelineEntry,
  type User,
  type WriteMethod,
} from '@modshelf/web-kit';

/**
 * The wire's answers (the contract's types). QueuedProject: the v2 Project plus the owner's username
 * (`author`) and the review lock.
 */
export type { AsOfAnswer, BillingCharge, BillingMethod, BillingSubscription, ModerationStats, QueuedProject, Report, TimelineEntry, UserBilling };

/**
 * A write through the web kit's client; answers the log position it reached, so the next reads can
 * wait for the projections (`min_position`) and nobody sees the queue from before their own decision.
 */
async function write(path: string, method: WriteMethod, body?: unknown): Promise<number | null> {
  return (await command(path, method, body)).position;
}

const at = (minPosition: number | null | undefined) => (minPosition ? { min_position: minPosition } : {});

export const moderation = {
  me: (signal?: AbortSignal) => apiFetch<User>('/user', { signal }),
  stats: (signal?: AbortSignal, minPosition?: number | null) => apiFetch<ModerationStats>('/moderation/stats', { signal, query: at(minPosition) }),
  queue: (count: number, signal?: AbortSignal, minPosition?: number | null) =>
    apiFetch<QueuedProject[]>('/moderation/projects', { signal, query: { count, ...at(minPosition) } }),
  /** PATCH /v2/project/{id} {status, moderation_message}: staff approve, reject or withhold. */
  setStatus: (projectId: string, status: string, message: string | null) =>
    write(`/project/${encodeURIComponent(projectId)}`, 'PATCH', {
      status,
      ...(message !== null ? { moderation_message: message } : {}),
    }),
  /** POST /v2/moderation/lock/{id}: take (or extend) the review lock; force takes it over. */
  lock: (projectId: string, force = false) => write(`/moderation/lock/${encodeURIComponent(projectId)}${force ? '?force=true' : ''}`, 'POST'),
  unlock: (projectId: string) => write(`/moderation/lock/${encodeURIComponent(projectId)}`, 'DELETE'),
  reports: (all: boolean, count: number, signal?: AbortSignal, minPosition?: number | null) =>
    apiFetch<Report[]>('/report', { signal, query: { all, count, ...at(minPosition) } }),
  report: (id: string, signal?: AbortSignal, minPosition?: number | null) =>
    apiFetch<Report>(`/report/${encodeURIComponent(id)}`, { signal, query: at(minPosition) }),
  /** PATCH /v2/report/{id} {closed, message}: the message (Modshelf) goes on the close / reopen event and the reporter's notification. */
  setReportClosed: (id: string, closed: boolean, message: string | null) =>
    write(`/report/${encodeURIComponent(id)}`, 'PATCH', { closed, ...(message ? { message } : {}) }),
  users: (ids: string[], signal?: AbortSignal) =>
    ids.length ? apiFetch<User[]>('/users', { signal, query: { ids: JSON.stringify(ids) } }) : Promise.resolve([] as User[]),
  project: (id: string, signal?: AbortSignal) => apiFetch<Project & { route_type?: string }>(`/project/${encodeURIComponent(id)}`, { signal }),
  timeline: (type: string, id: string, signal?: AbortSignal, minPosition?: number | null) =>
    apiFetch<TimelineEntry[]>(`/audit/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, { signal, query: at(minPosition) }),
  asOf: (type: string, id: string, asOf: string, signal?: AbortSignal) =>
    apiFetch<AsOfAnswer>(`/audit/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, { signal, query: { as_of: asOf } }),
  billing: (userId: string, signal?: AbortSignal) => apiFetch<UserBilling>(`/billing/user/${encodeURIComponent(userId)}`, { signal }),
};
