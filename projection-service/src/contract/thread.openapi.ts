import { z } from 'zod';
import { openApiFragment, type OpenApiFragment, type RouteDoc } from '@modshelf/service-kit';
import { DateTime, Id, ModeratorMessage, ProjectStatus, User } from './answers';

/** Answer schemas and route docs of threads (Modrinth's Thread, ThreadMessage, ThreadMessageBody). */

export const ThreadMessageBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), body: z.string().meta({ description: 'markdown' }), private: z.boolean().meta({ description: 'a staff note, shown to staff only' }), replying_to: Id.nullable() }),
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
  type: z.enum(['project', 'report', 'comments']).meta({ description: "project: a project's moderation thread; report: a report's; comments (Modshelf): a project's public comments" }),
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
    estimated_wait_hours: z.number().int().positive().nullable().meta({ description: 'position / reviews_per_day, in hours; null when not queued or nothing was decided in the window' }),
  }),
});

const minPosition = {
  min_position: z.string().optional().meta({ description: 'read-your-writes: wait (up to 3 s) until the projections passed this log position' }),
};

export const THREAD_ROUTES: RouteDoc[] = [
  {
    method: 'get', path: '/v2/thread/{id}', tags: ['threads'], auth: 'optional', scopes: ['THREAD_READ'],
    summary: "Get a thread: a moderation thread (the project's team and staff), a report thread (the reporter and staff) or a comment thread (whoever sees the project)",
    query: z.object(minPosition),
    responses: { 200: { description: 'OK', schema: Thread }, 404: 'No such thread, or hidden from the caller' },
  },
  {
    method: 'get', path: '/v2/threads', tags: ['threads'], auth: 'optional', scopes: ['THREAD_READ'],
    summary: 'Get several threads (those the caller may read)',
    query: z.object({ ids: z.string().meta({ description: 'JSON array of thread ids' }), ...minPosition }),
    responses: { 200: { description: 'OK', schema: z.array(Thread) }, 400: 'Bad input' },
  },
  {
    method: 'get', path: '/v2/project/{id|slug}/moderation', tags: ['threads'], auth: 'required', scopes: ['PROJECT_READ'],
    summary: "Modshelf: the team's view of its project's review: status, moderator's message, moderation thread, queue position and estimated wait",
    query: z.object(minPosition),
    responses: { 200: { description: 'OK', schema: ProjectModeration }, 401: 'Not signed in', 404: 'No such project, or not on its team (staff see all)' },
  },
];

export function threadOpenApi(): OpenApiFragment {
  return openApiFragment(THREAD_ROUTES, { Thread, ThreadMessage, ThreadMessageBody });
}
