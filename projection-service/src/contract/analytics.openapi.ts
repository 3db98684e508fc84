import { z } from 'zod';
import type { RouteDoc } from '@modshelf/service-kit';
import { E400, E401, E404, jsonArray, must, ok, s } from './route-helpers.openapi';

const analyticsQuery = z.object({
  project_ids: jsonArray('project ids or slugs').optional().meta({ description: 'JSON array; default: every project the caller may see analytics of' }),
  start_date: s.optional().meta({ description: 'ISO 8601; default: two weeks before end_date' }),
  end_date: s.optional().meta({ description: 'ISO 8601; default: now' }),
  resolution_minutes: z
    .int()
    .positive()
    .multipleOf(1440)
    .optional()
    .meta({ description: 'bucket width, a multiple of 1440 (figures are kept per UTC day); default 1440' }),
});
const series = (value: z.ZodType, what: string) =>
  z.record(s, z.record(s, value)).meta({ description: `project id -> bucket start (unix seconds) -> ${what}; empty buckets are left out` });
const analytics = (metric: string, what: string, value: z.ZodType, bit: string): RouteDoc => ({
  method: 'get',
  path: `/v2/analytics/${metric}`,
  tags: ['analytics'],
  summary: `${what} over time (Modrinth v3's shape; the team with ${bit}, and staff)`,
  ...must('ANALYTICS'),
  query: analyticsQuery,
  responses: { ...ok(series(value, what.toLowerCase())), ...E400, ...E401, ...E404 },
});
export const ANALYTICS_ROUTES: RouteDoc[] = [
  analytics('downloads', 'Downloads', z.int().nonnegative(), 'VIEW_ANALYTICS'),
  analytics('views', 'Page views', z.int().nonnegative(), 'VIEW_ANALYTICS'),
  analytics('revenue', 'Revenue in US dollars', z.number().nonnegative(), 'VIEW_PAYOUTS'),
  analytics(
    'followers',
    'Followers gained and lost (Modshelf)',
    z.strictObject({ gained: z.int().nonnegative(), lost: z.int().nonnegative() }),
    'VIEW_ANALYTICS',
  ),
];
