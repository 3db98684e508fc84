import { z } from 'zod';
import { LOADERS, VERSION_TYPES } from '../tags';

/** The inputs of the version-file routes (/v2/version_file*, /v2/version_files*) and the update checker. */
export const hashAlgorithm = z.enum(['sha1', 'sha512']);
export const hashQuery = z.object({ algorithm: hashAlgorithm.optional(), version_id: z.string().optional() });
export const updateBody = z.object({
  loaders: z.array(z.string()).optional(),
  game_versions: z.array(z.string()).optional(),
  version_types: z.array(z.enum(VERSION_TYPES)).optional(),
});
export const hashesBody = z.object({ hashes: z.array(z.string()).max(2000), algorithm: hashAlgorithm.optional() });

/** GET /v2/updates/{id|slug}/forge_updates.json: `loader` picks one of the game's loaders (or `any`). */
export const forgeUpdatesQuery = z.object({
  loader: z.enum([...LOADERS.map((l): string => l.name), 'any']).optional(),
});
