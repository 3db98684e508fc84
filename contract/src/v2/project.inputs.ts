import { z } from 'zod';
import { PROJECT_STATUSES, REQUESTED_STATUSES, ROUTE_PROJECT_TYPES } from '../tags';
import { additionalCategories, body, categories, description, id, monetizationStatus, slug, title, url } from './fields';

/** An optional link: '' and null clear it. */
const link = z.union([z.literal('').transform(() => null), url]).nullable();
const side = z.enum(['required', 'optional', 'unsupported']);

export const donationInput = z.object({
  id: z.string(),
  platform: z.string().optional(),
  url,
});
export type DonationInput = z.output<typeof donationInput>;

/** Fields Modrinth lets both create and PATCH carry (ModifiableProject). */
const modifiable = {
  slug,
  title,
  description,
  body,
  categories,
  additional_categories: additionalCategories,
  issues_url: link,
  source_url: link,
  wiki_url: link,
  discord_url: link,
  donation_urls: z.array(donationInput).max(16),
  client_side: side,
  server_side: side,
  license_id: z.string().min(1).max(128),
  license_url: link,
  requested_status: z.enum(REQUESTED_STATUSES).nullable(),
};

/** Modrinth's CreatableProject (the multipart `data` part of POST /v2/project). */
export const createProjectInput = z.object({
  ...modifiable,
  project_type: z.enum(ROUTE_PROJECT_TYPES),
  body: modifiable.body.default(''),
  categories: modifiable.categories.default([]),
  additional_categories: modifiable.additional_categories.default([]),
  client_side: side.default('required'),
  server_side: side.default('required'),
  issues_url: link.optional(),
  source_url: link.optional(),
  wiki_url: link.optional(),
  discord_url: link.optional(),
  donation_urls: modifiable.donation_urls.optional(),
  license_url: link.optional(),
  requested_status: modifiable.requested_status.optional(),
  is_draft: z.boolean().optional(),
  initial_versions: z.array(z.record(z.string(), z.unknown())).max(16).optional(),
  gallery_items: z
    .array(
      z.object({
        item: z.string().min(1),
        featured: z.boolean(),
        title: z.string().max(255).nullable().optional(),
        description: z.string().max(2048).nullable().optional(),
        ordering: z.number().int().optional(),
      }),
    )
    .max(32)
    .optional(),
});
export type CreateProjectInput = z.output<typeof createProjectInput>;
/** The `data` part a client sends to POST /v2/project (the defaulted fields may be left out). */
export type CreateProjectBody = z.input<typeof createProjectInput>;

const optionalModifiable = Object.fromEntries(Object.entries(modifiable).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof modifiable]: z.ZodOptional<(typeof modifiable)[K]>;
};
/** Modrinth's EditableProject (PATCH /v2/project/{id}), plus status and the staff-only fields. */
export const editProjectInput = z.object({
  ...optionalModifiable,
  status: z.enum(PROJECT_STATUSES).optional(),
  moderation_message: z.string().max(2048).nullable().optional(),
  moderation_message_body: z.string().max(65536).nullable().optional(),
  monetization_status: monetizationStatus.optional(),
});
export type EditProjectInput = z.output<typeof editProjectInput>;

const idList = z.array(id);
/** Modrinth's PatchProjectsBody (PATCH /v2/projects?ids=[...]). */
export const bulkEditInput = z.object({
  categories: z.array(z.string()).optional(),
  add_categories: z.array(z.string()).optional(),
  remove_categories: z.array(z.string()).optional(),
  additional_categories: z.array(z.string()).optional(),
  add_additional_categories: z.array(z.string()).optional(),
  remove_additional_categories: z.array(z.string()).optional(),
  donation_urls: z.array(donationInput).optional(),
  add_donation_urls: z.array(donationInput).optional(),
  remove_donation_urls: z.array(donationInput).optional(),
  issues_url: link.optional(),
  source_url: link.optional(),
  wiki_url: link.optional(),
  discord_url: link.optional(),
});
export const idsParam = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'ids must be a JSON array of ids' });
      return z.NEVER;
    }
  })
  .pipe(idList.min(1).max(100));

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');
const imageExt = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'svg', 'svgz', 'rgb']));
export const galleryAddQuery = z.object({
  ext: imageExt,
  featured: boolParam,
  title: z.string().max(255).optional(),
  description: z.string().max(2048).optional(),
  ordering: z.coerce.number().int().optional(),
});
export const galleryEditQuery = z.object({
  url: z.string().min(1).max(2048),
  featured: boolParam.optional(),
  title: z.string().max(255).optional(),
  description: z.string().max(2048).optional(),
  ordering: z.coerce.number().int().optional(),
});
export const galleryDeleteQuery = z.object({ url: z.string().min(1).max(2048) });
export const iconQuery = z.object({ ext: imageExt });
