import { invalidInput } from '@modshelf/contract';
import { parseFacet } from './facet-atom';
import { parseNewFilters } from './new-filters';
import type { FacetFilter, SearchRequest, SearchSort } from './port';

/** Modrinth's `facets` parameter: outer array AND, inner OR, a third level AND again. */
export function parseFacets(raw: string | undefined): FacetFilter {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw invalidInput(`Error while parsing facets: ${(err as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw invalidInput('facets must be a JSON array of arrays');
  return parsed.map((group) => {
    const members = Array.isArray(group) ? group : [group];
    return members.map((m) => {
      const conj = Array.isArray(m) ? m : [m];
      return conj.map((f) => {
        if (typeof f !== 'string') throw invalidInput('each facet must be a string');
        return parseFacet(f);
      });
    });
  });
}

const INDEX_ALIASES: Record<string, SearchSort> = {
  relevance: 'relevance',
  downloads: 'downloads',
  follows: 'follows',
  newest: 'newest',
  updated: 'updated',
  date_created: 'newest',
  date_modified: 'updated',
  'minecraft_java_server.verified_plays_2w': 'downloads',
  'minecraft_java_server.ping.data.players_online': 'downloads',
};

function intParam(raw: string | undefined, name: string, dflt: number): number {
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+$/.test(raw.trim())) throw invalidInput(`${name} must be a non-negative integer`);
  return Number(raw);
}

/** Query parameters of GET /v2/search, with Modrinth's paging rules. */
/** (service-kit's query guard has refused a repeated parameter before the route runs.) */
export function parseSearchParams(q: Record<string, string | undefined>): SearchRequest {
  const index = q.index ?? 'relevance';
  const sort = INDEX_ALIASES[index];
  if (!sort) throw invalidInput(`invalid index '${index}'`);
  let limit = Math.min(100, intParam(q.limit, 'limit', 10));
  if (limit === 0) limit = 1;
  const offset = intParam(q.offset, 'offset', 0);
  const page = Math.floor(offset / limit) + 1;
  // `new_filters` (Modrinth's filter language) is ANDed with the facets.
  const filter = [...parseFacets(q.facets), ...parseNewFilters(q.new_filters)];
  return { query: (q.query ?? '').slice(0, 256), filter, sort, offset: (page - 1) * limit, limit };
}
