import { z } from 'zod';
import { DateTime, Id } from './common';
import { id } from './fields';
import { ModeratorMessage, ProjectStatus } from './project';
import { User } from './user';

/** Thread answers (Modrinth's Thread, ThreadMessage, ThreadMessageBody) and the body of a message sent. */

export const ThreadMessageBody = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    body: z.string().meta({ description: 'markdown' }),
    private: z.boolean().meta({ description: 'a staff note, shown to staff only' }),
    replying_to: Id.nullable(),
  }),
  z.strictObject({ type: z.literal('status_change'), old_status: ProjectStatus, new_status: ProjectStatus }),
  z.strictObject({ type: z.literal('deleted'), private: z.boolean() }),
]);

export const ThreadMessage = z.strictObject({
  id: Id,
  author_id: Id.nullable().meta({ description: 'null: the system' }),
  body: ThreadMessageBody,
  created: DateTime,
});

export const Thread = z.strictObject({
  id: Id,
  type: z
    .enum(['project', 'report', 'comments'])
    .meta({ description: "project: a project's moderation thread; report: a report's; comments (Modshelf): a project's public comments" }),
  project_id: Id.nullable(),
  report_id: Id.nullable(),
  messages: z.array(ThreadMessage).meta({ description: 'oldest first' }),
  members: z.array(User),
});

export const ProjectModeration = z.strictObject({
  project_id: Id,
  status: ProjectStatus,
  requested_status: ProjectStatus.nullable(),
  moderator_message: ModeratorMessage.nullable(),
  queued: DateTime.nullable(),
  thread_id: Id,
  queue: z.strictObject({
    position: z.number().int().positive().nullable().meta({ description: '1-based place in the review queue; null when not in it' }),
    length: z.number().int().nonnegative(),
    reviews_per_day: z.number().nonnegative().meta({ description: 'projects decided per day over the window' }),
    window_days: z.number().int().positive(),
    estimated_wait_hours: z
      .number()
      .int()
      .positive()
      .nullable()
      .meta({ description: 'position / reviews_per_day, in hours; null when not queued or nothing was decided in the window' }),
  }),
});

export type Thread = z.output<typeof Thread>;
export type ThreadMessage = z.output<typeof ThreadMessage>;
export type ThreadMessageBody = z.output<typeof ThreadMessageBody>;
export type ProjectModeration = z.output<typeof ProjectModeration>;

/** The longest message body (Modrinth's limit for text messages). */
export const MAX_MESSAGE_LENGTH = 65536;

/** The body of POST /v2/thread/{id}: Modrinth's ThreadMessageBody of type `text`. */
export const messageBodyInput = z.object({
  type: z.literal('text', { message: 'Only text messages can be sent; status changes are recorded by the site' }),
  body: z.string().max(MAX_MESSAGE_LENGTH),
  private: z.boolean().optional(),
  replying_to: id.nullable().optional(),
});
