import { NUMBER_FIELDS, type FacetAtom, type FacetFilter } from './port';

export type Json = Record<string, unknown>;

const CASE_SENSITIVE = new Set(['project_id', 'author_id']);
const isNumberField = (f: string) => (NUMBER_FIELDS as readonly string[]).includes(f);
/** A tag value as the index stores it: lower case, but for the case-sensitive ids. */
export const norm = (field: string, v: string) => (CASE_SENSITIVE.has(field) ? v : v.toLowerCase());

function atom(a: FacetAtom): { query: Json; negate: boolean } {
  if (isNumberField(a.field)) {
    const field = `numbers.${a.field}`;
    const x = Number(a.value);
    switch (a.op) {
      case '=':
        return { query: { term: { [field]: x } }, negate: false };
      case '!=':
        return { query: { term: { [field]: x } }, negate: true };
      case '>':
        return { query: { range: { [field]: { gt: x } } }, negate: false };
      case '>=':
        return { query: { range: { [field]: { gte: x } } }, negate: false };
      case '<':
        return { query: { range: { [field]: { lt: x } } }, negate: false };
      case '<=':
        return { query: { range: { [field]: { lte: x } } }, negate: false };
    }
  }
  const field = `tags.${a.field}`;
  const v = norm(a.field, String(a.value));
  const ops: Record<string, string> = { '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };
  if (a.op === '=') return { query: { term: { [field]: v } }, negate: false };
  if (a.op === '!=') return { query: { term: { [field]: v } }, negate: true };
  return { query: { range: { [field]: { [ops[a.op]]: v } } }, negate: false };
}

/** A facet filter (AND of ORs of ANDs) as OpenSearch bool queries. */
export function filterQuery(filter: FacetFilter): Json[] {
  return filter.map((group) => ({
    bool: {
      minimum_should_match: 1,
      should: group.map((conj) => {
        const atoms = conj.map((a) => atom(a));
        return {
          bool: {
            filter: atoms.filter((a) => !a.negate).map((a) => a.query),
            must_not: atoms.filter((a) => a.negate).map((a) => a.query),
          },
        };
      }),
    },
  }));
}
