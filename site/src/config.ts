import { resolve } from 'node:path';
import { z } from 'zod';
import { FIRST_BUILD_MIN, SNAPSHOT_EVERY } from '@modshelf/projection-service';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** The site's configuration, from the environment, validated at start-up. The embedded profile is the default. */
export const configSchema = z
  .object({
    PROFILE: z.enum(['embedded', 'distributed']).default('embedded'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: z.string().url().optional(),
    ADMIN_USERNAME: z.string().min(3).optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SEED: bool.default(true),
    /** serve the web front end (off for API-only runs such as the bench) */
    WEB: bool.default(true),
    SEED_PROJECTS: z.coerce.number().int().min(0).max(100000).default(240),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAX_FILE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(100 * 1024 * 1024),
    SQLITE_SYNC: z.enum(['normal', 'full']).default('normal'),
    /** a commit stores a fresh snapshot of the search index's in-memory side after this many changed rows (0: at close only) */
    SEARCH_SNAPSHOT_EVERY_CHANGES: z.coerce.number().int().min(0).default(SNAPSHOT_EVERY.changes),
    /** ... or this long (ms) after the last one, with a change since (0: no time limit) */
    SEARCH_SNAPSHOT_EVERY_MS: z.coerce.number().int().min(0).default(SNAPSHOT_EVERY.ms),
    /** a first start (no projections yet) over a log of at least this many events builds them in a child process (first-build.ts) */
    FIRST_BUILD_MIN_EVENTS: z.coerce.number().int().min(1).default(FIRST_BUILD_MIN),
    /** this process's name among processes sharing one DATA_DIR (distributed replicas): its download and view journals are its own */
    REPLICA_ID: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,40}$/i)
      .optional(),
    /** distributed profile: EventStoreDB (unset: the SQLite log under DATA_DIR, with the rest distributed) */
    EVENTSTORE_URL: z.string().optional(),
    /** distributed profile: read models (MongoDB wire) and search (OpenSearch), written by the bus workers */
    MONGODB_URL: z.string().optional(),
    OPENSEARCH_URL: z.string().url().optional(),
    /** distributed profile: the projection workers' base URLs, comma-separated; a read waiting for a position wakes on their position feeds (/positions) */
    PROJECTION_WORKER_URLS: z
      .string()
      .optional()
      .transform(
        (v) =>
          v
            ?.split(',')
            .map((u) => u.trim())
            .filter(Boolean) ?? [],
      )
      .pipe(z.array(z.string().url())),
    /** MongoDB database and OpenSearch index prefix shared with the bus workers */
    STORAGE_NAME: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{0,40}$/)
      .default('modshelf'),
    /** the community link of the footer and of the error screen's "Get help" button */
    COMMUNITY_URL: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), 'an http(s) URL')
      .default('https://discord.gg/modshelf'),
    /** marks a staging deployment with a banner (visitors may hide it in their display preferences) */
    STAGING: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine((c) => !c.ADMIN_USERNAME === !c.ADMIN_PASSWORD, {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD go together',
  })
  .refine((c) => c.PROFILE !== 'distributed' || (c.MONGODB_URL && c.OPENSEARCH_URL), {
    message: 'PROFILE=distributed needs MONGODB_URL and OPENSEARCH_URL',
  });

export type SiteConfig = z.infer<typeof configSchema> & { publicUrl: string; dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`).join('\n');
    throw new Error(`invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
