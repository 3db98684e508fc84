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

const name = z.string().trim().min(3).max(64);
const description = z.string().trim().min(3).max(255).nullable();
/** the spec's visibility names: public is Modrinth's `listed` */
const status = z.enum(['listed', 'public', 'unlisted', 'private', 'rejected']).transform((s) => (s === 'public' ? 'listed' : s));
const projectKeys = z.array(z.string().min(1).max(64)).max(1024);

export const createCollectionInput = z.object({ name, description: description.optional(), projects: projectKeys.optional() });
export const editCollectionInput = z.object({
  name: name.optional(),
  description: description.optional(),
  status: status.optional(),
  new_projects: projectKeys.optional(),
  projects: projectKeys.optional(),
});
