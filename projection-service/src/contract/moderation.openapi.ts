import { z } from 'zod';
import { openApiFragment, type OpenApiFragment, type RouteDoc } from '@modshelf/service-kit';
import { AsOfAnswer, ModerationStats, QueuedProject, ReviewLock, ReviewLockTaken, TimelineEntry } from '@modshelf/contract/v2';

/** The answers, for the route tests that parse with them. */
export { AsOfAnswer, ModerationStats, QueuedProject, ReviewLock, ReviewLockTaken, TimelineEntry };

/** Route docs of the staff moderation queue and the audit timelines (the answers are the contract's). */

const s = z.string();
const minPosition = {
  min_position: s.optional().meta({ description: 'read-your-writes: wait (up to 3 s) until the projections passed this log position' }),
};
const staff = { auth: 'required' as const };

export const MODERATION_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v2/moderation/projects',
    tags: ['moderation'],
    ...staff,
    scopes: ['PROJECT_READ'],
    summary: 'The moderation queue: projects in processing, oldest queued first (moderators and admins; Modrinth keeps it internal)',
    query: z.object({ count: z.int().min(0).max(1000).optional(), ...minPosition }),
    responses: { 200: { description: 'OK', schema: z.array(QueuedProject) }, 401: 'Not signed in, or not staff' },
  },
  {
    method: 'get',
    path: '/v2/moderation/stats',
    tags: ['moderation'],
    ...staff,
    scopes: ['PROJECT_READ'],
    summary: 'Queue and report counts (moderators and admins)',
    query: z.object(minPosition),
    responses: { 200: { description: 'OK', schema: ModerationStats }, 401: 'Not signed in, or not staff' },
  },
  {
    method: 'get',
    path: '/v2/moderation/lock/{project_id}',
    tags: ['moderation'],
    ...staff,
    scopes: ['PROJECT_READ'],
    summary: "A queued project's review lock (advisory, 15 minutes)",
    query: z.object(minPosition),
    responses: { 200: { description: 'OK', schema: ReviewLock }, 401: 'Not signed in, or not staff', 404: 'No such project' },
  },
  {
    method: 'post',
    path: '/v2/moderation/lock/{project_id}',
    tags: ['moderation'],
    ...staff,
    scopes: ['PROJECT_WRITE'],
    summary: "Take or extend the review lock (another moderator's lock: 409 unless force=true)",
    query: z.object({ force: z.boolean().optional() }),
    responses: { 200: { description: 'The lock', schema: ReviewLockTaken }, 401: 'Not staff', 404: 'No such project', 409: 'Held by another moderator' },
  },
  {
    method: 'delete',
    path: '/v2/moderation/lock/{project_id}',
    tags: ['moderation'],
    ...staff,
    scopes: ['PROJECT_WRITE'],
    summary: "Release the review lock (another moderator's: 409 unless force=true)",
    query: z.object({ force: z.boolean().optional() }),
    responses: { 204: 'Released (or already free)', 401: 'Not staff', 404: 'No such project', 409: 'Held by another moderator' },
  },
  {
    method: 'get',
    path: '/v2/audit/{stream_type}/{id}',
    tags: ['moderation'],
    auth: 'required',
    summary: "An aggregate's events as a timeline; with as_of also its state at that moment",
    description:
      "stream_type: project, version, user, report, organization or collection; id is the aggregate id (a project slug or a username also works). Staff see every stream; a project's team members " +
      "see their project's and its versions' streams; anyone else gets 404. Needs the stream type's read scope. Without as_of the " +
      'answer is the timeline (array); with as_of it is an object with the state rebuilt by folding the events up to that moment.',
    query: z.object({ as_of: s.optional().meta({ description: 'ISO-8601 time (or epoch milliseconds)' }), ...minPosition }),
    responses: {
      200: { description: 'The timeline, or with as_of the state and the timeline', schema: z.union([z.array(TimelineEntry), AsOfAnswer]) },
      400: 'as_of is not a time',
      404: 'No such stream, or not visible to the caller',
    },
  },
];

export function moderationOpenApi(): OpenApiFragment {
  return openApiFragment(MODERATION_ROUTES, { QueuedProject, ModerationStats, TimelineEntry, AsOfAnswer, ReviewLock, ReviewLockTaken });
}
