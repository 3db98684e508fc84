import { z } from 'zod';
import { Color, DateTime, Id, Url } from './common';

/** v3's Collection, served under /v2. */
export const Collection = z.strictObject({
  id: z.string().meta({ description: "an id, or 'following' for the caller's followed projects" }),
  user: Id,
  name: z.string(),
  description: z.string().nullable(),
  icon_url: Url.nullable(),
  color: Color,
  status: z.enum(['listed', 'unlisted', 'private', 'rejected', 'unknown']),
  date_created: DateTime,
  date_updated: DateTime,
  projects: z.array(Id),
});
export type Collection = z.output<typeof Collection>;
