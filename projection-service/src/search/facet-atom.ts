import { invalidInput } from '@modshelf/contract';
import { NUMBER_FIELDS, TAG_FIELDS, type FacetAtom, type FacetOp } from './port';

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
