import type Database from 'better-sqlite3';
import type { SearchRequest } from './port';
import { SqliteSearchIndex } from './sqlite-search';

/** A search request of the snapshot tests: a query, then optionally a facet filter, a sort and a page. */
export const at = (query: string, filter: SearchRequest['filter'] = [], sort: SearchRequest['sort'] = 'relevance', offset = 0, limit = 20): SearchRequest => ({
  query,
  filter,
  sort,
  offset,
  limit,
});

/** A facet filter's group of one atom, `field = value`. */
export const eq = (field: string, value: string): SearchRequest['filter'][number] => [[{ field, op: '=' as const, value }]];

/** The count, and for each request its total and the ids of its page: what two loads of one index must both answer. */
export async function answers(index: SqliteSearchIndex, requests: readonly SearchRequest[]): Promise<unknown[]> {
  const out: unknown[] = [await index.count()];
  for (const req of requests) {
    const r = await index.search(req);
    out.push([r.total, r.hits.map((h) => h.project_id)]);
  }
  return out;
}

/** What a full load of the rows answers: every stored snapshot hidden for the open, in a transaction that rolls back. */
export async function fromRows(db: Database.Database, requests: readonly SearchRequest[]): Promise<unknown[]> {
  db.exec('BEGIN');
  db.exec('DELETE FROM search_snapshots; DELETE FROM search_snapshot_token');
  const index = new SqliteSearchIndex(db);
  db.exec('ROLLBACK');
  if (index.load.from !== 'rows') throw new Error(`loaded from ${index.load.from}, not from the rows`);
  return answers(index, requests);
}
