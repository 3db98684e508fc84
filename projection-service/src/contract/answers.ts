import { z } from 'zod';

/**
 * zod schemas of the query API's answers (the wire shapes of the views in ../views and the
 * routes in ../routes). Strict objects: a field added to a view without its schema fails the
 * conformance test (site/src/openapi.conformance.test.ts). The published OpenAPI document is
 * generated from these (./openapi.ts).
 */

export const Id = z.string().regex(/^[0-9A-Za-z]{8}$/).meta({ description: '8 base62 characters' });
export const DateTime = z.string().meta({ format: 'date-time', description: 'RFC 3339' });
const Url = z.string();
const Color = z.number().int().nullable().meta({ description: 'RGB colour as an integer' });

export const ProjectType = z.string().meta({ description: 'mod | modpack | server (and project types Modrinth adds)' });
export const SideType = z.enum(['required', 'optional', 'unsupported', 'unknown']);
export const ProjectStatus = z.enum(['approved', 'archived', 'rejected', 'draft', 'unlisted', 'processing', 'withheld', 'scheduled', 'private', 'unknown']);
export const VersionStatus = z.enum(['listed', 'archived', 'draft', 'unlisted', 'scheduled', 'unknown']);
export const VersionType = z.enum(['release', 'beta', 'alpha']);
export const DependencyType = z.enum(['required', 'optional', 'incompatible', 'embedded']);

export const License = z.strictObject({ id: z.string(), name: z.string(), url: Url.nullable() });
export const GalleryImage = z.strictObject({
  url: Url,
  raw_url: Url,
  featured: z.boolean(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  created: DateTime,
  ordering: z.number().int(),
});
export const DonationUrl = z.strictObject({ id: z.string(), platform: z.string(), url: Url });
export const ModeratorMessage = z.strictObject({ message: z.string(), body: z.string().nullable() });

export const Project = z.strictObject({
  id: Id,
  slug: z.string(),
  project_type: ProjectType,
  route_type: z.string().meta({ description: 'Modshelf: the type used in page paths (behaviorpack for a mod with the behaviour-pack loader)' }),
  team: Id,
  organization: Id.nullable(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  body_url: Url.nullable(),
  published: DateTime,
  updated: DateTime,
  approved: DateTime.nullable(),
  queued: DateTime.nullable(),
  status: ProjectStatus,
  requested_status: ProjectStatus.nullable(),
  moderator_message: ModeratorMessage.nullable(),
  license: License,
  client_side: SideType,
  server_side: SideType,
  environment: z.array(z.string()),
  downloads: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
  categories: z.array(z.string()),
  additional_categories: z.array(z.string()),
  game_versions: z.array(z.string()),
  loaders: z.array(z.string()),
  versions: z.array(Id),
  icon_url: Url.nullable(),
  raw_icon_url: Url.nullable(),
  issues_url: Url.nullable(),
  source_url: Url.nullable(),
  wiki_url: Url.nullable(),
  discord_url: Url.nullable(),
  donation_urls: z.array(DonationUrl),
  gallery: z.array(GalleryImage),
  color: Color,
  thread_id: Id,
  comment_thread_id: Id.nullable(),
  monetization_status: z.enum(['monetized', 'demonetized', 'force-demonetized']),
});

export const FileHashes = z.strictObject({ sha1: z.string(), sha512: z.string() });
export const VersionFile = z.strictObject({
  hashes: FileHashes,
  url: Url,
  filename: z.string(),
  primary: z.boolean(),
  size: z.number().int().nonnegative(),
  file_type: z.enum(['required-resource-pack', 'optional-resource-pack']).nullable(),
});
export const VersionDependency = z.strictObject({
  version_id: Id.nullable(),
  project_id: Id.nullable(),
  file_name: z.string().nullable(),
  dependency_type: DependencyType,
});

const versionFields = {
  id: Id,
  project_id: Id,
  author_id: Id,
  name: z.string(),
  version_number: z.string(),
  changelog: z.string().nullable(),
  changelog_url: Url.nullable(),
  environment: z.string().meta({ description: "Modrinth's EnvironmentEnum, from the project's client/server sides" }),
  dependencies: z.array(VersionDependency),
  game_versions: z.array(z.string()),
  version_type: VersionType,
  loaders: z.array(z.string()),
  featured: z.boolean(),
  status: VersionStatus,
  requested_status: VersionStatus.nullable(),
  date_published: DateTime,
  downloads: z.number().int().nonnegative(),
  files: z.array(VersionFile),
};
/** Modrinth's Version. */
export const Version = z.strictObject(versionFields);

/** A version as a project's version list shows it: with the fields derived against its siblings. */
export const ListedVersion = z.strictObject({
  ...versionFields,
  author: z.strictObject({ id: Id, username: z.string(), avatar_url: Url.nullable() }).nullable().meta({ description: 'Modshelf: the publisher' }),
  primary_file: VersionFile.meta({ description: 'Modshelf: the flagged file, else the first' }),
  display_url_ending: z.string().meta({ description: 'Modshelf: the version number, or the id when a newer version already used it' }),
  duplicate_changelog: z.boolean().meta({ description: "Modshelf: the changelog equals the next older version's" }),
});

export const SearchHit = z.strictObject({
  project_id: Id,
  project_type: ProjectType,
  all_project_types: z.array(z.string()),
  slug: z.string(),
  author: z.string(),
  author_id: Id.nullable(),
  organization: z.string().nullable(),
  organization_id: Id.nullable(),
  title: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  display_categories: z.array(z.string()),
  versions: z.array(z.string()),
  downloads: z.number().int().nonnegative(),
  follows: z.number().int().nonnegative(),
  icon_url: z.string().meta({ description: '"" when there is none' }),
  date_created: DateTime,
  date_modified: DateTime,
  latest_version: z.string(),
  license: z.string(),
  client_side: SideType,
  server_side: SideType,
  environment: z.array(z.string()),
  disclosure_types: z.array(z.string()),
  gallery: z.array(Url),
  featured_gallery: Url.nullable(),
  color: Color,
});
export const SearchResults = z.strictObject({
  hits: z.array(SearchHit),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  total_hits: z.number().int().nonnegative(),
});

export const UserRole = z.enum(['admin', 'moderator', 'developer']);
export const User = z.strictObject({
  id: Id,
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable().meta({ description: 'only for the user themself, with USER_READ_EMAIL' }),
  bio: z.string().nullable(),
  avatar_url: Url.nullable(),
  created: DateTime,
  role: UserRole,
  badges: z.number().int().nonnegative(),
  auth_providers: z.array(z.string()).nullable(),
  email_verified: z.boolean().nullable(),
  has_password: z.boolean().nullable(),
  has_totp: z.boolean().nullable(),
  payout_data: z.null(),
  github_id: z.number().int().nullable(),
  project_count: z.number().int().nonnegative().optional().meta({ description: 'Modshelf: publicly listed projects' }),
  download_count: z.number().int().nonnegative().optional(),
  follower_count: z.number().int().nonnegative().optional(),
});

export const TeamMember = z.strictObject({
  team_id: Id,
  user: User,
  role: z.string(),
  is_owner: z.boolean(),
  permissions: z.number().int().nonnegative().nullable().meta({ description: 'project permission bits; team members and staff only' }),
  accepted: z.boolean(),
  payouts_split: z.number().nullable(),
  ordering: z.number().int(),
});

export const ProjectDependencies = z.strictObject({ projects: z.array(Project), versions: z.array(Version) });

export const Report = z.strictObject({
  id: Id,
  report_type: z.string(),
  item_id: z.string(),
  item_type: z.enum(['project', 'version', 'user']),
  reporter: Id,
  body: z.string(),
  created: DateTime,
  closed: z.boolean(),
  thread_id: Id,
});

export const CategoryTag = z.strictObject({ icon: z.string(), name: z.string(), project_type: z.string(), header: z.string() });
export const LoaderTag = z.strictObject({ icon: z.string(), name: z.string(), supported_project_types: z.array(z.string()) });
export const GameVersionTag = z.strictObject({ version: z.string(), version_type: z.string(), date: DateTime, major: z.boolean() });
export const LicenseTag = z.strictObject({ short: z.string(), name: z.string() });
export const LicenseText = z.strictObject({ title: z.string(), body: z.string() });
export const DonationPlatformTag = z.strictObject({ short: z.string(), name: z.string() });
export const Statistics = z.strictObject({
  projects: z.number().int().nonnegative(),
  versions: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  authors: z.number().int().nonnegative(),
});

/** v3 shapes served under /v2. */
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
export const OrganizationMember = TeamMember.extend({
  organization_permissions: z.number().int().nonnegative().nullable(),
});
export const Organization = z.strictObject({
  id: Id,
  slug: z.string(),
  name: z.string(),
  team_id: Id,
  description: z.string(),
  icon_url: Url.nullable(),
  color: Color,
  members: z.array(OrganizationMember),
});
export const NotificationAction = z.strictObject({ title: z.string(), action_route: z.tuple([z.string(), z.string()]) });
export const Notification = z.strictObject({
  id: Id,
  user_id: Id,
  type: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  link: z.string(),
  read: z.boolean(),
  created: DateTime,
  actions: z.array(NotificationAction),
});

/** Named schemas (components.schemas of the published document). */
/** The update-checker document of /v2/updates/{id|slug}/forge_updates.json. */
export const ForgeUpdates = z.strictObject({
  homepage: z.string().meta({ description: "the project's page" }),
  promos: z.record(z.string(), z.string()).meta({ description: '{game_version}-latest and {game_version}-recommended -> version number' }),
});

export const QUERY_SCHEMAS = {
  ForgeUpdates,
  Project, Version, ListedVersion, VersionFile, VersionDependency, SearchHit, SearchResults, User, TeamMember, Report,
  Statistics, GalleryImage, License, Collection, Organization, OrganizationMember, Notification,
  CategoryTag, LoaderTag, GameVersionTag, LicenseTag, DonationPlatformTag,
} satisfies Record<string, z.ZodType>;
