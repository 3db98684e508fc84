import { invalidInput } from '@modshelf/service-kit';
import { parseNewFilters } from './new-filters';
import { NUMBER_FIELDS, TAG_FIELDS, type FacetAtom, type FacetFilter, type FacetOp, type SearchRequest, type SearchSort } from './port';

/** v2 key renames applied before anything else. */
const V2_RENAMES: Record<string, string> = { versions: 'game_versions', project_type: 'project_types', title: 'name' };
const KNOWN = new Set<string>([...TAG_FIELDS, ...NUMBER_FIELDS]);
const OPS: FacetOp[] = ['!=', '>=', '<=', '>', '<', '='];

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && (t[0] === "'" || t[0] === '"' || t[0] === '`') && t[t.length - 1] === t[0]) return t.slice(1, -1);
  return t;
}

function literal(raw: string): string | number | boolean {
  const t = raw.trim();
  const quoted = t !== unquote(t);
  const v = unquote(t);
  if (!quoted) {
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (v !== '' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  }
  return v;
}

/** One facet string: an expression (`downloads>100`, `categories != magic`) or `field:value`. */
export function parseFacet(facet: string): FacetAtom {
  let field: string;
  let op: FacetOp = '=';
  let rawValue: string;
  const colon = facet.indexOf(':');
  let opAt = -1;
  let opFound: FacetOp | null = null;
  for (const candidate of OPS) {
    const i = facet.indexOf(candidate);
    if (i >= 0 && (opAt < 0 || i < opAt || (i === opAt && candidate.length > (opFound?.length ?? 0)))) {
      opAt = i;
      opFound = candidate;
    }
  }
  if (opFound && (colon < 0 || opAt < colon)) {
    field = facet.slice(0, opAt);
    op = opFound;
    rawValue = facet.slice(opAt + opFound.length);
  } else if (colon >= 0) {
    field = facet.slice(0, colon);
    rawValue = facet.slice(colon + 1);
  } else throw invalidInput(`invalid facet '${facet}': expected field:value or an expression`);
  field = field.trim();
  field = V2_RENAMES[field] ?? field;
  if (!KNOWN.has(field)) throw invalidInput(`invalid facet key '${field}'`);
  const value = literal(rawValue);
  if ((NUMBER_FIELDS as readonly string[]).includes(field) && typeof value !== 'number') {
    throw invalidInput(`facet '${field}' needs a number, got '${rawValue.trim()}'`);
  }
  return { field, op, value };
}

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
export function parseSearchParams(raw: Record<string, string | string[] | undefined>): SearchRequest {
  // a repeated parameter (?offset=1&offset=2) arrives as an array: bad input, not a guess
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) throw invalidInput(`${name} must be given once`);
  }
  const q = raw as Record<string, string | undefined>;
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
