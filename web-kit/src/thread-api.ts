import { apiFetch, getLastWritePosition } from './api';
import { command, type WriteMethod } from './write-client';
import type { User } from './types';

export type ThreadMessageBody =
  | { type: 'text'; body: string; private: boolean; replying_to: string | null }
  | { type: 'status_change'; old_status: string; new_status: string }
  | { type: 'deleted'; private: boolean };

export interface ThreadMessage {
  id: string;
  author_id: string | null;
  body: ThreadMessageBody;
  created: string;
}

/** Modrinth's Thread: a project's moderation thread, a report's thread, or a project's comments. */
export interface Thread {
  id: string;
  type: 'project' | 'report' | 'comments';
  project_id: string | null;
  report_id: string | null;
  messages: ThreadMessage[];
  members: User[];
}

export interface ProjectModeration {
  project_id: string;
  status: string;
  requested_status: string | null;
  moderator_message: { message: string; body: string | null } | null;
  queued: string | null;
  thread_id: string;
  queue: { position: number | null; length: number; reviews_per_day: number; window_days: number; estimated_wait_hours: number | null };
}

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
