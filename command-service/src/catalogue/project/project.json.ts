import { environmentOf } from '@modshelf/contract';
import type { ProjectState } from './project.state';

/**
 * The Modrinth `Project` shape of a project the write side just created (POST
 * /v2/project answers with it). Counters and version-derived lists start empty;
 * every later read goes through the query side.
 */
export function projectJson(s: ProjectState, published: string) {
  const f = s.fields;
  return {
    id: s.project_id,
    slug: f.slug,
    project_type: s.project_type,
    team: s.team_id,
    organization: null,
    title: f.title,
    description: f.description,
    body: f.body,
    body_url: null,
    published,
    updated: published,
    approved: null,
    queued: s.status === 'processing' ? published : null,
    status: s.status,
    requested_status: f.requested_status,
    moderator_message: null,
    license: f.license,
    client_side: f.client_side,
    server_side: f.server_side,
    environment: [environmentOf(f.client_side, f.server_side)],
    downloads: 0,
    followers: 0,
    categories: f.categories,
    additional_categories: f.additional_categories,
    game_versions: [] as string[],
    loaders: [] as string[],
    versions: [] as string[],
    icon_url: s.icon_url,
    issues_url: f.issues_url,
    source_url: f.source_url,
    wiki_url: f.wiki_url,
    discord_url: f.discord_url,
    donation_urls: f.donation_urls,
    gallery: s.gallery,
    color: s.color,
    thread_id: s.thread_id,
    monetization_status: f.monetization_status,
  };
}
