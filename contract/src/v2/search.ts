import { z } from 'zod';
import { Color, DateTime, Id, Url, count } from './common';
import { SEARCH_HIT_EXAMPLE } from './examples';
import { ProjectType, SideType } from './project';

/** The answer of /v2/search. */
export const SearchHit = z
  .strictObject({
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
    downloads: count(),
    follows: count(),
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
  })
  .meta({ examples: [SEARCH_HIT_EXAMPLE] });
export const SearchResults = z.strictObject({
  hits: z.array(SearchHit),
  offset: count(),
  limit: count(),
  total_hits: count(),
});

export type SearchHit = z.output<typeof SearchHit>;
export type SearchResults = z.output<typeof SearchResults>;

/** GET /v2/search's parameters. */
export const searchQuery = z.object({
  query: z.string().optional(),
  facets: z.string().optional().meta({ description: 'JSON: outer array AND, inner arrays OR, e.g. [["categories:forge"],["versions:1.17.1"]]' }),
  index: z.enum(['relevance', 'downloads', 'follows', 'newest', 'updated']).optional(),
  offset: z.int().nonnegative().optional(),
  limit: z.int().min(0).max(100).optional(),
  new_filters: z.string().optional(),
  filters: z.string().optional().meta({ deprecated: true }),
  version: z.string().optional().meta({ deprecated: true }),
});
