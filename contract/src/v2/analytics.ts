import { z } from 'zod';

/** POST /v2/analytics/view: a project page view (the page's url). */
export const viewInput = z.object({ url: z.string().min(1).max(2048) });
