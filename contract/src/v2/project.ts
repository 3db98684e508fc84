import { z } from 'zod';
import { Color, DateTime, Id, Url, count } from './common';
import { monetizationStatus, projectStatus, side } from './fields';
import { PROJECT_EXAMPLE } from './examples';

/** The answers of /v2/project (strict objects: a view's field the schema does not list fails the conformance test). */
export const ProjectType = z.string().meta({ description: 'mod | modpack | server (and project types Modrinth adds)' });
export const SideType = side;
export const ProjectStatus = projectStatus;

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

export const Project = z
  .strictObject({
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
    downloads: count(),
    followers: count(),
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
    monetization_status: monetizationStatus,
  })
  .meta({ examples: [PROJECT_EXAMPLE] });

/** The update-checker document of /v2/updates/{id|slug}/forge_updates.json. */
export const ForgeUpdates = z.strictObject({
  homepage: z.string().meta({ description: "the project's page" }),
  promos: z.record(z.string(), z.string()).meta({ description: '{game_version}-latest and {game_version}-recommended -> version number' }),
});

export type Project = z.output<typeof Project>;
export type License = z.output<typeof License>;
export type GalleryImage = z.output<typeof GalleryImage>;
export type DonationUrl = z.output<typeof DonationUrl>;
export type ForgeUpdates = z.output<typeof ForgeUpdates>;
