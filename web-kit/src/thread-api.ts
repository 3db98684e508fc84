import { apiFetch, getLastWritePosition } from './api';
import type { ProjectModeration, Thread, ThreadMessage, ThreadMessageBody } from '@modshelf/contract/v2';
import { command, type WriteMethod } from './write-client';

/** Modrinth's Thread (a project's moderation thread, a report's thread, or a project's comments), its messages, and the team's review view: the contract's answers. */
export type { ProjectModeration, Thread, ThreadMessage, ThreadMessageBody };

/** A command (204) through the write client; answers the highest log position this page's writes reached. */
async function send(method: WriteMethod, path: string, body?: unknown): Promise<number> {
  await command(path, method, body);
  return getLastWritePosition();
}

export const threadApi = {
  /** `minPosition`: read-your-writes, after the caller's own message. */
  thread: (id: string, signal?: AbortSignal, minPosition = 0) =>
    apiFetch<Thread>(`/thread/${encodeURIComponent(id)}`, { signal, query: minPosition > 0 ? { min_position: minPosition } : {} }),
  send: (threadId: string, body: string, isPrivate = false, replyingTo: string | null = null) =>
    send('POST', `/thread/${encodeURIComponent(threadId)}`, { type: 'text', body, private: isPrivate, replying_to: replyingTo }),
  remove: (messageId: string) => send('DELETE', `/message/${encodeURIComponent(messageId)}`),
  projectModeration: (idOrSlug: string, signal?: AbortSignal, minPosition = 0) =>
    apiFetch<ProjectModeration>(`/project/${encodeURIComponent(idOrSlug)}/moderation`, { signal, query: minPosition > 0 ? { min_position: minPosition } : {} }),
  /** The team resubmits (rejected or withheld -> processing), as PATCH /v2/project/{id} {status}. */
  resubmit: (projectId: string) => send('PATCH', `/project/${encodeURIComponent(projectId)}`, { status: 'processing' }),
};
