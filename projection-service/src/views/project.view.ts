import { commentThreadId } from '@modshelf/events';
import type { Project } from '@modshelf/contract/v2';
import type { ProjectDoc } from '../read-model/documents';
import { environment, listedVersions, projectGameVersions, projectLoaders, routeType } from './derive';

/** The Modrinth v2 Project record. Members of the team also see unlisted/draft version ids. */
export function projectView(p: ProjectDoc, opts: { member?: boolean } = {}): Project {
  const versions = opts.member ? p.version_list : listedVersions(p);
  return {
    id: p.id,
    slug: p.slug,
    project_type: p.project_type,
    /** path type for pages: behaviorpack for a mod with the behaviour-pack loader (not in Modrinth's schema). */
    route_type: routeType(p),
    team: p.team,
    organization: p.organization,
    title: p.title,
    description: p.description,
    body: p.body,
    body_url: null,
    published: p.published,
    updated: p.updated,
    approved: p.approved,
    queued: p.queued,
    status: p.status,
    requested_status: p.requested_status,
    moderator_message: p.moderator_message ? { message: p.moderator_message, body: p.moderator_message_body } : null,
    license: p.license,
    client_side: p.client_side,
    server_side: p.server_side,
    environment: environment(p.client_side, p.server_side),
    downloads: p.downloads,
    followers: p.followers,
    categories: p.categories,
    additional_categories: p.additional_categories,
    game_versions: projectGameVersions(p),
    loaders: projectLoaders(p),
    versions: versions.map((v) => v.id).reverse(),
    icon_url: p.icon_url,
    raw_icon_url: p.icon_url,
    issues_url: p.issues_url,
    source_url: p.source_url,
    wiki_url: p.wiki_url,
    discord_url: p.discord_url,
    donation_urls: p.donation_urls,
    gallery: [...p.gallery].sort((a, b) => a.ordering - b.ordering || (a.title ?? '').localeCompare(b.title ?? '')),
    color: p.color,
    thread_id: p.thread_id,
    comment_thread_id: commentThreadId(p.id),
    monetization_status: p.monetization_status,
  };
}
