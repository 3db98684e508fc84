import type { SearchLoad } from './snapshot-log';

/** The search-index port. An OpenSearch adapter maps a SearchDocument to an index document
 * (text fields analysed, facet fields as keywords, numbers as longs) and a FacetFilter to a
 * bool query; every adapter passes search/contract.ts. */

/** A search hit exactly as /v2/search answers it (modrinth-notes.md §2.3). */
export interface SearchHit {
  project_id: string;
  project_type: string;
  all_project_types: string[];
  slug: string;
  author: string;
  author_id: string | null;
  organization: string | null;
  organization_id: string | null;
  title: string;
  description: string;
  categories: string[];
  display_categories: string[];
  versions: string[];
  downloads: number;
  follows: number;
  icon_url: string;
  date_created: string;
  date_modified: string;
  latest_version: string;
  license: string;
  client_side: string;
  server_side: string;
  environment: string[];
  disclosure_types: string[];
  gallery: string[];
  featured_gallery: string | null;
  color: number | null;
}

/** What the index stores for one publicly listed project. */
export interface SearchDocument {
  hit: SearchHit;
  /** text fields, matched by words (prefix and typo tolerant). */
  text: { name: string; slug: string; author: string; summary: string };
  /** keyword facets: field -> values (matched exactly, case-insensitively except project_id). */
  tags: Record<string, string[]>;
  /** numeric facets and sort keys. */
  numbers: { downloads: number; follows: number; created_timestamp: number; modified_timestamp: number };
}

export type FacetOp = '=' | '!=' | '>' | '>=' | '<' | '<=';
export interface FacetAtom {
  field: string;
  op: FacetOp;
  value: string | number | boolean;
}
/** AND of ORs; an OR member may itself be an AND of atoms (Modrinth's 3-level nesting). */
export type FacetFilter = FacetAtom[][][];

export const SORTS = ['relevance', 'downloads', 'follows', 'newest', 'updated'] as const;
export type SearchSort = (typeof SORTS)[number];

export interface SearchRequest {
  query: string;
  filter: FacetFilter;
  sort: SearchSort;
  offset: number;
  limit: number;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  /** optional: the same hits already serialized as JSON (lets the route skip parse + stringify). */
  rawHits?: string[];
}

export interface SearchChange {
  projectId: string;
  /** null removes the project from the index. */
  doc: SearchDocument | null;
}

/** Fields a facet may name (after v2 renames) and whether they are numeric. */
export const TAG_FIELDS = [
  'project_types',
  'all_project_types',
  'categories',
  'game_versions',
  'open_source',
  'environment',
  'disclosure_types',
  'client_side',
  'server_side',
  'name',
  'author',
  'author_id',
  'project_id',
  'license',
  'slug',
] as const;
export const NUMBER_FIELDS = ['downloads', 'follows', 'created_timestamp', 'modified_timestamp'] as const;

export interface SearchIndex {
  search(request: SearchRequest): Promise<SearchResult>;
  /** Up to `count` random project ids from the index. */
  random(count: number): Promise<string[]>;
  count(): Promise<number>;
  /** Every indexed document's hit, by project id (replay comparison). */
  scan(): AsyncIterable<[string, SearchHit]>;
  checkpoint(): Promise<number>;
  commit(changes: readonly SearchChange[], position: number): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
  /** how an index that keeps an in-memory side loaded it at open (the embedded index) */
  readonly load?: SearchLoad;
  /**
   * For an index whose writes become searchable after commit() returns (OpenSearch with deferRefresh): calls
   * listener with each position searches see every change up to, as this writer moves it (no round trip); returns
   * the call that stops it. Without it, what commit() wrote is searchable once it returns.
   */
  onVisible?(listener: (position: number) => void): () => void;
  /** For an index whose writes become searchable after commit() returns: searches see every change written before the call once it resolves. */
  refreshNow?(): Promise<void>;
}
