import { apiFetch, getLastWritePosition } from './api';
import type { ProjectModeration, Thread, ThreadMessage, ThreadMessageBody } from '@modshelf/contract/v2';

/** Modrinth's Thread (a project's moderation thread, a report's thread, or a project's comments), its messages, and the team's review view: the contract's answers. */
export type { ProjectModeration, Thread, ThreadMessage, ThreadMessageBody };

/** A command (204) through apiFetch, which remembers the log position it reached; answers that position. */
async function command(method: string, path: string, body?: unknown): Promise<number> {
  await apiFetch<void>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return getLastWritePosition();
}

export const threadApi = {
  /** `minPosition`: read-your-writes, after the caller's own message. */
  thread: (id: string, signal?: AbortSignal, minPosition = 0) =>
    apiFetch<Thread>(`/thread/${encodeURIComponent(id)}`, { signal, query: minPosition > 0 ? { min_position: minPosition } : {} }),
  send: (threadId: string, body: string, isPrivate = false, replyingTo: string | null = null) =>
    command('POST', `/thread/${encodeURIComponent(threadId)}`, { type: 'text', body, private: isPrivate, replying_to: replyingTo }),
  remove: (messageId: string) => command('DELETE', `/message/${encodeURIComponent(messageId)}`),
  projectModeration: (idOrSlug: string, signal?: AbortSignal, minPosition = 0) =>
    apiFetch<ProjectModeration>(`/project/${encodeURIComponent(idOrSlug)}/moderation`, { signal, query: minPosition > 0 ? { min_position: minPosition } : {} }),
  /** The team resubmits (rejected or withheld -> processing), as PATCH /v2/project/{id} {status}. */
  resubmit: (projectId: string) => command('PATCH', `/project/${encodeURIComponent(projectId)}`, { status: 'processing' }),
};
