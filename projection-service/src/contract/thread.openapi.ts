import { z } from 'zod';
import { openApiFragment, type OpenApiFragment, type RouteDoc } from '@modshelf/service-kit';
import { ProjectModeration, Thread, ThreadMessage, ThreadMessageBody } from '@modshelf/contract/v2';

/** Route docs of threads (the answers are the contract's). */

const minPosition = {
  min_position: z.string().optional().meta({ description: 'read-your-writes: wait (up to 3 s) until the projections passed this log position' }),
};

export const THREAD_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v2/thread/{id}',
    tags: ['threads'],
    auth: 'optional',
    scopes: ['THREAD_READ'],
    summary:
      "Get a thread: a moderation thread (the project's team and staff), a report thread (the reporter and staff) or a comment thread (whoever sees the project)",
    query: z.object(minPosition),
    responses: { 200: { description: 'OK', schema: Thread }, 404: 'No such thread, or hidden from the caller' },
  },
  {
    method: 'get',
    path: '/v2/threads',
    tags: ['threads'],
    auth: 'optional',
    scopes: ['THREAD_READ'],
    summary: 'Get several threads (those the caller may read)',
    query: z.object({ ids: z.string().meta({ description: 'JSON array of thread ids' }), ...minPosition }),
    responses: { 200: { description: 'OK', schema: z.array(Thread) }, 400: 'Bad input' },
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/moderation',
    tags: ['threads'],
    auth: 'required',
    scopes: ['PROJECT_READ'],
    summary: "Modshelf: the team's view of its project's review: status, moderator's message, moderation thread, queue position and estimated wait",
    query: z.object(minPosition),
    responses: { 200: { description: 'OK', schema: ProjectModeration }, 401: 'Not signed in', 404: 'No such project, or not on its team (staff see all)' },
  },
];

export function threadOpenApi(): OpenApiFragment {
  return openApiFragment(THREAD_ROUTES, { Thread, ThreadMessage, ThreadMessageBody });
}
