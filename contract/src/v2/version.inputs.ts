import { z } from 'zod';
import { DEPENDENCY_TYPES, VERSION_TYPES } from '../tags';
import { fileType, id, versionName, versionNumber } from './fields';

const statusInput = z.enum(['listed', 'archived', 'draft', 'unlisted']);

export const dependencyInput = z.object({
  version_id: id.nullable().optional(),
  project_id: id.nullable().optional(),
  file_name: z.string().min(1).max(255).nullable().optional(),
  dependency_type: z.enum(DEPENDENCY_TYPES),
});

const base = {
  name: versionName,
  version_number: versionNumber,
  changelog: z.string().max(65536).nullable(),
  dependencies: z.array(dependencyInput).max(64),
  game_versions: z.array(z.string()).min(1).max(64),
  version_type: z.enum(VERSION_TYPES),
  loaders: z.array(z.string()).min(1).max(16),
  featured: z.boolean(),
  status: statusInput,
  requested_status: statusInput.nullable(),
};

/** Modrinth's CreatableVersion (the `data` part of POST /v2/version, and each of a project's initial_versions). */
export const createVersionInput = z.object({
  ...base,
  project_id: id.optional(),
  changelog: base.changelog.optional(),
  dependencies: base.dependencies.default([]),
  featured: base.featured.default(false),
  status: base.status.default('listed'),
  requested_status: base.requested_status.optional(),
  file_parts: z.array(z.string().min(1).max(255)).max(32).default([]),
  primary_file: z.string().optional(),
  file_types: z.record(z.string(), fileType.nullable()).optional(),
});
export type CreateVersionInput = z.output<typeof createVersionInput>;

const optionalBase = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof base]: z.ZodOptional<(typeof base)[K]>;
};
/** Modrinth's EditableVersion (PATCH /v2/version/{id}). */
export const editVersionInput = z.object({
  ...optionalBase,
  primary_file: z.tuple([z.enum(['sha1', 'sha512']), z.string().min(40).max(128)]).optional(),
  file_types: z
    .array(z.object({ algorithm: z.enum(['sha1', 'sha512']), hash: z.string().min(40).max(128), file_type: fileType.nullable() }))
    .max(32)
    .optional(),
});
export type EditVersionInput = z.output<typeof editVersionInput>;

export const deleteFileQuery = z.object({
  version_id: id.optional(),
  algorithm: z.enum(['sha1', 'sha512']).optional(),
});

/** The `data` part of POST /v2/version/{id}/file (files added to a version). */
export const addFilesData = z.object({ file_types: z.record(z.string(), fileType.nullable()).optional() });

const jsonArray = (what: string) => z.string().meta({ description: `JSON array of ${what}, e.g. ["a","b"]` });
/** GET /v2/project/{id|slug}/version's parameters. */
export const versionListQuery = z.object({
  loaders: jsonArray('loaders').optional(),
  game_versions: jsonArray('game versions').optional(),
  featured: z.boolean().optional(),
  version_type: z.enum(VERSION_TYPES).optional(),
  include_changelog: z.boolean().optional(),
  offset: z.int().nonnegative().optional(),
  limit: z.int().nonnegative().optional(),
});
