import type { ProjectDoc } from '../read-model/documents';
import type { SearchDocument, SearchHit } from '../search/port';
import { normalizedName } from '../search/tokenize';
import { allProjectTypes, environment, isOpenSource, listedVersions, projectGameVersions, projectLoaders } from '../views/derive';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The search document of a publicly listed project. */
export function searchDocument(p: ProjectDoc, authorName: string): SearchDocument {
  const loaders = projectLoaders(p);
  const gameVersions = projectGameVersions(p);
  const display = [...new Set([...p.categories, ...loaders])].sort();
  const all = [...new Set([...p.categories, ...p.additional_categories, ...loaders])].sort();
  const gallery = [...p.gallery].sort((a, b) => a.ordering - b.ordering);
  const types = allProjectTypes(p);
  const env = environment(p.client_side, p.server_side);
  const hit: SearchHit = {
    project_id: p.id,
    project_type: p.project_type,
    all_project_types: types,
    slug: p.slug,
    author: authorName,
    author_id: p.owner_id,
    organization: null,
    organization_id: p.organization,
    title: p.title,
    description: p.description,
    categories: all,
    display_categories: display,
    versions: gameVersions,
    downloads: p.downloads,
    follows: p.followers,
    icon_url: p.icon_url ?? '',
    date_created: p.published,
    date_modified: p.updated,
    latest_version: listedVersions(p)[0]?.id ?? '',
    license: p.license.id,
    client_side: p.client_side,
    server_side: p.server_side,
    environment: env,
    disclosure_types: [],
    gallery: gallery.map((g) => g.url),
    featured_gallery: gallery.find((g) => g.featured)?.url ?? null,
    color: p.color,
  };
  return {
    hit,
    text: { name: `${p.title} ${normalizedName(p.title)}`, slug: p.slug, author: authorName, summary: p.description },
    tags: {
      project_types: types,
      all_project_types: types,
      categories: all,
      game_versions: gameVersions,
      environment: env,
      disclosure_types: [],
      client_side: [p.client_side],
      server_side: [p.server_side],
      open_source: [String(isOpenSource(p.license.id))],
      license: [p.license.id],
      name: [p.title],
      slug: [p.slug],
      author: [authorName],
      author_id: [p.owner_id],
      project_id: [p.id],
    },
    numbers: {
      downloads: p.downloads,
      follows: p.followers,
      created_timestamp: seconds(p.published),
      modified_timestamp: seconds(p.updated),
    },
  };
}
