import { isOpenSource } from '../views/derive';
import type { SearchDocument, SearchHit } from './port';
import { normalizedName } from './tokenize';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The search document a hit was indexed from: every text field, tag and number of
 * projectors/search-document.ts is a function of the hit. Lets another index (the bench's
 * OpenSearch peer) be filled from an index's scan() with the same documents.
 */
export function documentOfHit(hit: SearchHit): SearchDocument {
  return {
    hit,
    text: { name: `${hit.title} ${normalizedName(hit.title)}`, slug: hit.slug, author: hit.author, summary: hit.description },
    tags: {
      project_types: hit.all_project_types,
      all_project_types: hit.all_project_types,
      categories: hit.categories,
      game_versions: hit.versions,
      environment: hit.environment,
      disclosure_types: hit.disclosure_types,
      client_side: [hit.client_side],
      server_side: [hit.server_side],
      open_source: [String(isOpenSource(hit.license))],
      license: [hit.license],
      name: [hit.title],
      slug: [hit.slug],
      author: [hit.author],
      author_id: hit.author_id === null ? [] : [hit.author_id],
      project_id: [hit.project_id],
    },
    numbers: {
      downloads: hit.downloads,
      follows: hit.follows,
      created_timestamp: seconds(hit.date_created),
      modified_timestamp: seconds(hit.date_modified),
    },
  };
}
