import { z } from 'zod';
import { DONATION_PLATFORMS } from './tags';
import {
  additionalCategories,
  body,
  categories,
  description,
  dependencyType,
  id,
  isoTime,
  monetizationStatus,
  nullableUrl,
  requestedStatus,
  side,
  slug,
  title,
  url,
  versionName,
  versionNumber,
  versionStatus,
  versionType,
  fileType,
} from '@modshelf/contract/v2/fields';

/**
 * Field schemas shared by the catalogue's events. Data uses the wire's snake_case names; the
 * fields the wire also carries (ids, urls, slug, title, the tag enums ...) are the contract's.
 */
export {
  id,
  url,
  nullableUrl,
  isoTime,
  projectType,
  side,
  projectStatus,
  requestedStatus,
  versionType,
  versionStatus,
  dependencyType,
  FILE_TYPES,
  fileType,
} from '@modshelf/contract/v2/fields';

export const license = z.object({ id: z.string().min(1).max(64), name: z.string().max(256), url: nullableUrl });
export const donationUrl = z.object({
  id: z.enum(DONATION_PLATFORMS.map((d) => d.short) as [string, ...string[]]),
  platform: z.string(),
  url,
});

/** The editable fields of a project (ProjectCreated carries them all; ProjectEdited a subset). */
export const projectFields = z.object({
  slug,
  title,
  description,
  body,
  categories,
  additional_categories: additionalCategories,
  license,
  client_side: side,
  server_side: side,
  issues_url: nullableUrl,
  source_url: nullableUrl,
  wiki_url: nullableUrl,
  discord_url: nullableUrl,
  donation_urls: z.array(donationUrl),
  requested_status: requestedStatus.nullable(),
  moderator_message: z.string().nullable(),
  /** the longer body of the moderators' message (Modrinth's moderation_message_body); absent in old events. */
  moderator_message_body: z.string().max(65536).nullable().optional(),
  monetization_status: monetizationStatus,
});

export const galleryImage = z.object({
  url,
  raw_url: url,
  featured: z.boolean(),
  title: z.string().max(255).nullable(),
  description: z.string().max(2048).nullable(),
  ordering: z.number().int(),
  created: isoTime,
});

export const versionFile = z.object({
  hashes: z.object({ sha1: z.string().regex(/^[0-9a-f]{40}$/), sha512: z.string().regex(/^[0-9a-f]{128}$/) }),
  url,
  filename: z.string().min(1).max(255),
  primary: z.boolean(),
  size: z.number().int().nonnegative(),
  file_type: fileType.nullable(),
});

export const dependency = z.object({
  version_id: id.nullable(),
  project_id: id.nullable(),
  file_name: z.string().nullable(),
  dependency_type: dependencyType,
});

export const versionFields = z.object({
  name: versionName,
  version_number: versionNumber,
  changelog: z.string().max(65536).nullable(),
  version_type: versionType,
  loaders: z.array(z.string()).min(1),
  game_versions: z.array(z.string()).min(1),
  featured: z.boolean(),
  status: versionStatus,
  requested_status: versionStatus.nullable(),
  dependencies: z.array(dependency),
});
