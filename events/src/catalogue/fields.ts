import { z } from 'zod';
import {
  DEPENDENCY_TYPES, DONATION_PLATFORMS, PROJECT_STATUSES, PROJECT_TYPES, REQUESTED_STATUSES, SIDE_TYPES,
  VERSION_STATUSES, VERSION_TYPES,
} from './tags';

/** Field schemas shared by the catalogue's events. Data uses the wire's snake_case names. */
export const id = z.string().regex(/^[0-9A-Za-z]{8}$/);
export const url = z.string().url().max(2048);
export const nullableUrl = url.nullable();
export const isoTime = z.string().datetime({ offset: true });

export const projectType = z.enum(PROJECT_TYPES);
export const side = z.enum(SIDE_TYPES);
export const projectStatus = z.enum(PROJECT_STATUSES);
export const requestedStatus = z.enum(REQUESTED_STATUSES);
export const versionType = z.enum(VERSION_TYPES);
export const versionStatus = z.enum(VERSION_STATUSES);
export const dependencyType = z.enum(DEPENDENCY_TYPES);

export const license = z.object({ id: z.string().min(1).max(64), name: z.string().max(256), url: nullableUrl });
export const donationUrl = z.object({
  id: z.enum(DONATION_PLATFORMS.map((d) => d.short) as [string, ...string[]]),
  platform: z.string(),
  url,
});

/** The editable fields of a project (ProjectCreated carries them all; ProjectEdited a subset). */
export const projectFields = z.object({
  slug: z.string().regex(/^[\w!@$()`.+,"\-']{3,64}$/),
  title: z.string().min(3).max(64),
  description: z.string().min(3).max(256),
  body: z.string().max(65536),
  categories: z.array(z.string()).max(8),
  additional_categories: z.array(z.string()).max(16),
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
  monetization_status: z.enum(['monetized', 'demonetized', 'force-demonetized']),
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

/** Modrinth's FileTypeEnum (additional files: resource packs, sources jars, ...). */
export const FILE_TYPES = [
  'required-resource-pack', 'optional-resource-pack', 'sources-jar', 'dev-jar', 'javadoc-jar', 'unknown', 'signature',
] as const;
export const fileType = z.enum(FILE_TYPES);

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
  name: z.string().min(1).max(64),
  version_number: z.string().min(1).max(32),
  changelog: z.string().max(65536).nullable(),
  version_type: versionType,
  loaders: z.array(z.string()).min(1),
  game_versions: z.array(z.string()).min(1),
  featured: z.boolean(),
  status: versionStatus,
  requested_status: versionStatus.nullable(),
  dependencies: z.array(dependency),
});
