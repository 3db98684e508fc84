import { z } from 'zod';
import { openApiFragment, type OpenApiFragment, type RouteDoc } from '@modshelf/service-kit';
import {
  CategoryTag,
  Collection,
  DonationPlatformTag,
  ForgeUpdates,
  GalleryImage,
  GameVersionTag,
  License,
  LicenseTag,
  LicenseText,
  ListedVersion,
  LoaderTag,
  Notification,
  Organization,
  OrganizationMember,
  Project,
  ProjectDependencies,
  Report,
  SearchHit,
  SearchResults,
  Statistics,
  TeamMember,
  User,
  Version,
  VersionDependency,
  VersionFile,
  forgeUpdatesQuery,
  hashQuery,
  hashesBody,
  searchQuery,
  updateBody,
  versionListQuery,
} from '@modshelf/contract/v2';

/** Named schemas (components.schemas of the published document): the contract's answers. */
export const QUERY_SCHEMAS = {
  ForgeUpdates,
  Project,
  Version,
  ListedVersion,
  VersionFile,
  VersionDependency,
  SearchHit,
  SearchResults,
  User,
  TeamMember,
  Report,
  Statistics,
  GalleryImage,
  License,
  Collection,
  Organization,
  OrganizationMember,
  Notification,
  CategoryTag,
  LoaderTag,
  GameVersionTag,
  LicenseTag,
  DonationPlatformTag,
} satisfies Record<string, z.ZodType>;

const s = z.string();
const jsonArray = (what: string) => s.meta({ description: `JSON array of ${what}, e.g. ["a","b"]` });
const idsQuery = (what: string) => z.object({ ids: jsonArray(what) });
const minPosition = {
  min_position: s
    .optional()
    .meta({ description: 'read-your-writes: wait (up to 3 s) until the projections passed this log position (also the x-modshelf-min-position header)' }),
};
const withPosition = (q?: z.ZodObject) => (q ? q.extend(minPosition) : z.object(minPosition));

const hashMap = z.record(s, Version).meta({ description: 'hash -> version; hashes that match nothing are left out' });

const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } });
const E400 = { 400: 'Bad input' };
const E401 = { 401: 'Missing or invalid token, or the token lacks the scope' };
const E404 = { 404: 'Not found, or hidden from the caller' };

const read = (scope: Parameters<typeof withScope>[0]) => withScope(scope);
function withScope(scope: NonNullable<RouteDoc['scopes']>[number]): Pick<RouteDoc, 'auth' | 'scopes'> {
  return { auth: 'optional', scopes: [scope] };
}
const must = (scope: NonNullable<RouteDoc['scopes']>[number]): Pick<RouteDoc, 'auth' | 'scopes'> => ({ auth: 'required', scopes: [scope] });

const analyticsQuery = z.object({
  project_ids: jsonArray('project ids or slugs').optional().meta({ description: 'JSON array; default: every project the caller may see analytics of' }),
  start_date: s.optional().meta({ description: 'ISO 8601; default: two weeks before end_date' }),
  end_date: s.optional().meta({ description: 'ISO 8601; default: now' }),
  resolution_minutes: z
    .int()
    .positive()
    .multipleOf(1440)
    .optional()
    .meta({ description: 'bucket width, a multiple of 1440 (figures are kept per UTC day); default 1440' }),
});
const series = (value: z.ZodType, what: string) =>
  z.record(s, z.record(s, value)).meta({ description: `project id -> bucket start (unix seconds) -> ${what}; empty buckets are left out` });
const analytics = (metric: string, what: string, value: z.ZodType, bit: string): RouteDoc => ({
  method: 'get',
  path: `/v2/analytics/${metric}`,
  tags: ['analytics'],
  summary: `${what} over time (Modrinth v3's shape; the team with ${bit}, and staff)`,
  ...must('ANALYTICS'),
  query: analyticsQuery,
  responses: { ...ok(series(value, what.toLowerCase())), ...E400, ...E401, ...E404 },
});
const ANALYTICS_ROUTES: RouteDoc[] = [
  analytics('downloads', 'Downloads', z.int().nonnegative(), 'VIEW_ANALYTICS'),
  analytics('views', 'Page views', z.int().nonnegative(), 'VIEW_ANALYTICS'),
  analytics('revenue', 'Revenue in US dollars', z.number().nonnegative(), 'VIEW_PAYOUTS'),
  analytics(
    'followers',
    'Followers gained and lost (Modshelf)',
    z.strictObject({ gained: z.int().nonnegative(), lost: z.int().nonnegative() }),
    'VIEW_ANALYTICS',
  ),
];

/** The read side's GET (and query-only POST) routes, documented (paths use Modrinth's parameter names). */
export const QUERY_ROUTES: RouteDoc[] = [
  { method: 'get', path: '/v2/search', tags: ['projects'], summary: 'Search projects', query: searchQuery, responses: { ...ok(SearchResults), ...E400 } },
  {
    method: 'get',
    path: '/v2/project/{id|slug}',
    tags: ['projects'],
    summary: 'Get a project',
    ...read('PROJECT_READ'),
    responses: { ...ok(Project), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/check',
    tags: ['projects'],
    summary: "Check a project id or slug's validity",
    ...read('PROJECT_READ'),
    responses: { ...ok(z.strictObject({ id: s })), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/projects',
    tags: ['projects'],
    summary: 'Get several projects (ids or slugs)',
    ...read('PROJECT_READ'),
    query: idsQuery('project ids or slugs'),
    responses: { ...ok(z.array(Project)), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/projects_random',
    tags: ['projects'],
    summary: 'Get random listed projects',
    query: z.object({ count: z.int().min(0).max(100) }),
    responses: { ...ok(z.array(Project)), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/dependencies',
    tags: ['projects'],
    summary: "Get the projects and versions a project's versions depend on",
    ...read('PROJECT_READ'),
    responses: { ...ok(ProjectDependencies), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/version',
    tags: ['versions'],
    summary: "List a project's versions, newest first",
    ...read('PROJECT_READ'),
    query: versionListQuery,
    responses: { ...ok(z.array(ListedVersion)), ...E400, ...E404 },
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/version/{id|number}',
    tags: ['versions'],
    summary: 'Get a version of a project by id or version number',
    ...read('PROJECT_READ'),
    responses: { ...ok(ListedVersion), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/version/{id}',
    tags: ['versions'],
    summary: 'Get a version',
    ...read('VERSION_READ'),
    responses: { ...ok(ListedVersion), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/versions',
    tags: ['versions'],
    summary: 'Get several versions',
    ...read('VERSION_READ'),
    query: idsQuery('version ids'),
    responses: { ...ok(z.array(Version)), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/version_file/{hash}',
    tags: ['version files'],
    summary: 'Get the version holding a file, by sha1 or sha512',
    ...read('VERSION_READ'),
    query: hashQuery,
    responses: { ...ok(Version), ...E400, ...E404 },
  },
  {
    method: 'post',
    path: '/v2/version_file/{hash}/update',
    tags: ['version files'],
    summary: "The newest version of the file's project matching the filters (an empty list matches nothing)",
    ...read('VERSION_READ'),
    query: hashQuery,
    body: updateBody,
    responses: { ...ok(Version), ...E400, ...E404 },
  },
  {
    method: 'post',
    path: '/v2/version_files',
    tags: ['version files'],
    summary: 'Get versions by file hashes',
    ...read('VERSION_READ'),
    body: hashesBody,
    responses: { ...ok(hashMap), ...E400 },
  },
  {
    method: 'post',
    path: '/v2/version_files/update',
    tags: ['version files'],
    summary: 'The newest version for each file hash (empty lists do not filter)',
    ...read('VERSION_READ'),
    body: hashesBody.extend(updateBody.shape),
    responses: { ...ok(hashMap), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/members',
    tags: ['teams'],
    summary: "Get a project's team members",
    ...read('PROJECT_READ'),
    responses: { ...ok(z.array(TeamMember)), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/team/{id}/members',
    tags: ['teams'],
    summary: "Get a team's members",
    ...read('PROJECT_READ'),
    responses: { ...ok(z.array(TeamMember)), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/teams',
    tags: ['teams'],
    summary: "Get several teams' members",
    ...read('PROJECT_READ'),
    query: idsQuery('team ids'),
    responses: { ...ok(z.array(z.array(TeamMember))), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/user',
    tags: ['users'],
    summary: 'Get the user of the token (email with USER_READ_EMAIL)',
    ...must('USER_READ'),
    responses: { ...ok(User), ...E401 },
  },
  { method: 'get', path: '/v2/user/{id|username}', tags: ['users'], summary: 'Get a user', responses: { ...ok(User), ...E404 } },
  {
    method: 'get',
    path: '/v2/users',
    tags: ['users'],
    summary: 'Get several users (ids or usernames)',
    query: idsQuery('user ids or usernames'),
    responses: { ...ok(z.array(User)), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/user/{id|username}/projects',
    tags: ['users'],
    summary: "Get a user's projects (listed ones; members and staff see all)",
    ...read('PROJECT_READ'),
    responses: { ...ok(z.array(Project)), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/user/{id|username}/follows',
    tags: ['users'],
    summary: 'Get the projects a user follows (the user themself or staff)',
    ...must('USER_READ'),
    responses: { ...ok(z.array(Project)), ...E401, ...E404 },
  },
  {
    method: 'get',
    path: '/v2/report',
    tags: ['reports'],
    summary: 'Your open reports (staff: all open ones; ?all=true includes closed)',
    ...must('REPORT_READ'),
    query: z.object({ count: z.int().min(0).max(1000).optional(), all: z.boolean().optional() }),
    responses: { ...ok(z.array(Report)), ...E401 },
  },
  {
    method: 'get',
    path: '/v2/report/{id}',
    tags: ['reports'],
    summary: 'Get a report (its reporter or staff)',
    ...must('REPORT_READ'),
    responses: { ...ok(Report), ...E401, ...E404 },
  },
  {
    method: 'get',
    path: '/v2/reports',
    tags: ['reports'],
    summary: 'Get several reports',
    ...must('REPORT_READ'),
    query: idsQuery('report ids'),
    responses: { ...ok(z.array(Report)), ...E400, ...E401 },
  },
  { method: 'get', path: '/v2/tag/category', tags: ['tags'], summary: 'Categories', responses: ok(z.array(CategoryTag)) },
  { method: 'get', path: '/v2/tag/loader', tags: ['tags'], summary: 'Loaders', responses: ok(z.array(LoaderTag)) },
  { method: 'get', path: '/v2/tag/game_version', tags: ['tags'], summary: 'Game versions', responses: ok(z.array(GameVersionTag)) },
  { method: 'get', path: '/v2/tag/license', tags: ['tags'], summary: 'Licenses', responses: ok(z.array(LicenseTag)) },
  { method: 'get', path: '/v2/tag/license/{id}', tags: ['tags'], summary: "A license's text", responses: { ...ok(LicenseText), ...E404 } },
  { method: 'get', path: '/v2/tag/donation_platform', tags: ['tags'], summary: 'Donation platforms', responses: ok(z.array(DonationPlatformTag)) },
  { method: 'get', path: '/v2/tag/report_type', tags: ['tags'], summary: 'Report types', responses: ok(z.array(s)) },
  { method: 'get', path: '/v2/tag/project_type', tags: ['tags'], summary: 'Project types', responses: ok(z.array(s)) },
  { method: 'get', path: '/v2/tag/side_type', tags: ['tags'], summary: 'Side types', responses: ok(z.array(s)) },
  { method: 'get', path: '/v2/statistics', tags: ['misc'], summary: 'Catalogue counts', responses: ok(Statistics) },
  // v3 resources served under /v2
  {
    method: 'get',
    path: '/v2/collection/{id}',
    tags: ['collections'],
    summary: "Get a collection ('following': the caller's followed projects)",
    ...read('COLLECTION_READ'),
    responses: { ...ok(Collection), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/collections',
    tags: ['collections'],
    summary: 'Get several collections',
    ...read('COLLECTION_READ'),
    query: idsQuery('collection ids'),
    responses: { ...ok(z.array(Collection)), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/user/{id|username}/collections',
    tags: ['collections'],
    summary: "A user's collections (listed ones; the owner and staff see all)",
    ...read('COLLECTION_READ'),
    responses: { ...ok(z.array(Collection)), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/organization/{id|slug}',
    tags: ['organizations'],
    summary: 'Get an organization',
    ...read('ORGANIZATION_READ'),
    responses: { ...ok(Organization), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/organizations',
    tags: ['organizations'],
    summary: 'Get several organizations',
    ...read('ORGANIZATION_READ'),
    query: idsQuery('organization ids or slugs'),
    responses: { ...ok(z.array(Organization)), ...E400 },
  },
  {
    method: 'get',
    path: '/v2/organization/{id|slug}/members',
    tags: ['organizations'],
    summary: "An organization's members",
    ...read('ORGANIZATION_READ'),
    responses: { ...ok(z.array(OrganizationMember)), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/organization/{id|slug}/projects',
    tags: ['organizations'],
    summary: "An organization's projects",
    ...read('PROJECT_READ'),
    responses: { ...ok(z.array(Project)), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/organization',
    tags: ['organizations'],
    summary: "A project's organization",
    ...read('ORGANIZATION_READ'),
    responses: { ...ok(Organization), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/user/{id|username}/organizations',
    tags: ['organizations'],
    summary: "A user's organizations",
    ...read('ORGANIZATION_READ'),
    responses: { ...ok(z.array(Organization)), ...E404 },
  },
  {
    method: 'get',
    path: '/v2/user/{id|username}/notifications',
    tags: ['notifications'],
    summary: "A user's notifications, newest first (the user or an admin)",
    ...must('NOTIFICATION_READ'),
    responses: { ...ok(z.array(Notification)), ...E401, ...E404 },
  },
  {
    method: 'get',
    path: '/v2/notifications',
    tags: ['notifications'],
    summary: 'Get several notifications',
    ...must('NOTIFICATION_READ'),
    query: idsQuery('notification ids'),
    responses: { ...ok(z.array(Notification)), ...E400, ...E401 },
  },
  {
    method: 'get',
    path: '/v2/notification/{id}',
    tags: ['notifications'],
    summary: 'Get a notification',
    ...must('NOTIFICATION_READ'),
    responses: { ...ok(Notification), ...E401, ...E404 },
  },
  {
    method: 'get',
    path: '/v2/updates/{id|slug}/forge_updates.json',
    tags: ['misc'],
    summary: "Update-checker JSON (Forge's format, adapted to this game's loaders)",
    description:
      "For a mod's update checker: `homepage` and, per game version, `{game_version}-latest` (any channel) and `{game_version}-recommended` (releases only). Forge/NeoForge become this game's loaders: `loader` picks one (default coreengine; `any` for all). Also served at /updates/{id|slug}/forge_updates.json.",
    query: forgeUpdatesQuery,
    responses: { ...ok(ForgeUpdates), ...E400, ...E404 },
  },
  ...ANALYTICS_ROUTES,
].map((r) => ({ ...r, query: withPosition(r.query) }) as RouteDoc);

/** OpenAPI path items and component schemas of the query API. */
export function queryOpenApi(): OpenApiFragment {
  return openApiFragment(QUERY_ROUTES, QUERY_SCHEMAS);
}
