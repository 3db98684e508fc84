import type { Thread, User } from '@modshelf/contract/v2';
import type { MessageDoc, ThreadDoc } from '../read-model/thread-documents';

/** Whether a reader sees a message: staff notes (private) and their deleted remains are for staff only. */
export function messageVisible(m: MessageDoc, staff: boolean): boolean {
  if (m.body.type === 'text' || m.body.type === 'deleted') return staff || !m.body.private;
  return true;
}

/** Modrinth's Thread record; comment threads say `comments` (a Modshelf thread type). */
export function threadView(t: ThreadDoc, staff: boolean, members: User[]): Thread {
  return {
    id: t.id,
    type: t.type,
    project_id: t.project_id,
    report_id: t.report_id,
    messages: t.messages.filter((m) => messageVisible(m, staff)).map((m) => ({ id: m.id, author_id: m.author_id, body: m.body, created: m.created })),
    members,
  };
}

/** Throughput of the review queue: decisions per day over the last `days` days. */
export const QUEUE_WINDOW_DAYS = 14;

/** Hours until a project at `position` (1-based) is reviewed at `perDay` reviews a day; null when unknown. */
export function estimatedWaitHours(position: number | null, perDay: number): number | null {
  if (position === null || perDay <= 0) return null;
  return Math.max(1, Math.ceil((position / perDay) * 24));
}
