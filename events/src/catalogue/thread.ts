import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '@modshelf/contract/v2/thread';
import { defineEvent } from '../registry';
import { toBase62 } from '../ids';
import { id } from './fields';

/**
 * Stream: thread-<thread_id>. Conversations attached to a project or a report:
 * - `project`: a project's moderation thread (its id is ProjectCreated's thread_id), team <-> staff;
 * - `comments`: a project's public comment thread, its id derived from the project id
 *   (commentThreadId), so projects created before comments existed have one too;
 * - `report`: a report's thread (ReportFiled's thread_id), reporter <-> staff.
 * Only written messages are events here; status changes are ProjectStatusChanged on the
 * project's stream, shown in the moderation thread by the read side.
 */
export const threadStream = (threadId: string) => `thread-${threadId}`;
export const THREAD_TYPES = ['project', 'comments', 'report'] as const;
export type ThreadType = (typeof THREAD_TYPES)[number];

/** The longest message body (Modrinth's limit for text messages): the wire's. */
export { MAX_MESSAGE_LENGTH };
/** The longest comment on a project's comment thread. */
export const MAX_COMMENT_LENGTH = 4000;

const MIN_8 = 62n ** 7n;
const SPAN_8 = 62n ** 8n - MIN_8;
/** The comment thread of a project: a fixed function of the project id (8 base62 characters). */
export function commentThreadId(projectId: string): string {
  const n = createHash('sha256').update(`comments:${projectId}`).digest().readBigUInt64BE();
  return toBase62(MIN_8 + (n % SPAN_8));
}

export const ThreadMessageSent = defineEvent(
  'ThreadMessageSent',
  1,
  z.object({
    message_id: id,
    thread_id: id,
    /** what the thread belongs to, so the read side can place a message without other events */
    thread_type: z.enum(THREAD_TYPES),
    item_id: id,
    author_id: id,
    body: z.string().min(1).max(MAX_MESSAGE_LENGTH),
    /** visible to staff only (a moderator's note) */
    private: z.boolean(),
    replying_to: id.nullable(),
  }),
);
export const ThreadMessageDeleted = defineEvent('ThreadMessageDeleted', 1, z.object({ message_id: id, deleted_by: id }));
