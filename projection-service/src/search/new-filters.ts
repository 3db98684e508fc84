import { invalidInput } from '@modshelf/contract';
import { parseFacet } from './facet-atom';
import type { FacetAtom, FacetFilter, FacetOp } from './port';

/**
 * Modrinth's `new_filters` grammar (search/filter/parse.rs): `field op lit`,
 * `field [NOT] IN [a, b]`, combined with AND, OR, NOT and parentheses. It is
 * turned into disjunctive normal form, which is one facet group of AND-ed
 * conjunctions. `EXISTS` predicates are not supported (400).
 */
type Node = { and: Node[] } | { or: Node[] } | { not: Node } | { atom: FacetAtom };

const MAX_CONJUNCTIONS = 256;
const NEGATE: Record<FacetOp, FacetOp> = { '=': '!=', '!=': '=', '>': '<=', '>=': '<', '<': '>=', '<=': '>' };

function tokens(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if ('()[],'.includes(c)) {
      out.push(c);
      i++;
    } else if (c === '!' || c === '>' || c === '<' || c === '=') {
      const two = src.slice(i, i + 2);
      const op = ['!=', '>=', '<='].includes(two) ? two : c;
      if (op === '!') throw invalidInput(`new_filters: unexpected '!' at ${i}`);
      out.push(op);
      i += op.length;
    } else if (c === '"' || c === "'" || c === '`') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw invalidInput('new_filters: unterminated string');
      out.push(src.slice(i, end + 1));
      i = end + 1;
    } else {
      let j = i;
      while (j < src.length && !/[\s()[\],!<>=]/.test(src[j])) j++;
      out.push(src.slice(i, j));
      i = j;
    }
  }
  return out;
}

const isWord = (t: string | undefined, w: string) => t !== undefined && t.toUpperCase() === w;

function parse(src: string): Node {
  const ts = tokens(src);
  let pos = 0;
  const peek = () => ts[pos];
  const next = () => ts[pos++];
  const expect = (t: string) => {
    if (next() !== t) throw invalidInput(`new_filters: expected '${t}'`);
  };
  const literal = (): string => {
    const t = next();
    if (t === undefined || '()[],'.includes(t)) throw invalidInput('new_filters: expected a value');
    return t;
  };
  const predicate = (): Node => {
    const field = next();
    if (!field || !/^[A-Za-z_][\w.]*$/.test(field)) throw invalidInput(`new_filters: expected a field name, got '${field ?? ''}'`);
    let negated = false;
    if (isWord(peek(), 'NOT')) {
      next();
      negated = true;
    }
    if (isWord(peek(), 'EXISTS')) throw invalidInput('new_filters: EXISTS is not supported');
    if (isWord(peek(), 'IN')) {
      next();
      expect('[');
      const values: string[] = [literal()];
      while (peek() === ',') {
        next();
        values.push(literal());
      }
      expect(']');
      const atoms = values.map((v) => ({ atom: parseFacet(`${field}=${v}`) }) as Node);
      const any: Node = atoms.length === 1 ? atoms[0] : { or: atoms };
      return negated ? { not: any } : any;
    }
    if (negated) throw invalidInput('new_filters: expected IN or EXISTS after NOT');
    const op = next();
    if (!op || !['=', '!=', '>', '>=', '<', '<='].includes(op)) throw invalidInput(`new_filters: expected an operator after '${field}'`);
    return { atom: parseFacet(`${field}${op}${literal()}`) };
  };
  const unary = (): Node => {
    if (isWord(peek(), 'NOT')) {
      next();
      return { not: unary() };
    }
    if (peek() === '(') {
      next();
      const e = or();
      expect(')');
      return e;
    }
    return predicate();
  };
  const and = (): Node => {
    const parts = [unary()];
    while (isWord(peek(), 'AND')) {
      next();
      parts.push(unary());
    }
    return parts.length === 1 ? parts[0] : { and: parts };
  };
  const or = (): Node => {
    const parts = [and()];
    while (isWord(peek(), 'OR')) {
      next();
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : { or: parts };
  };
  const root = or();
  if (pos !== ts.length) throw invalidInput(`new_filters: unexpected '${ts[pos]}'`);
  return root;
}

/** Disjunctive normal form, negations pushed onto the atoms. */
function dnf(n: Node, negated = false): FacetAtom[][] {
  if ('atom' in n) return [[negated ? { ...n.atom, op: NEGATE[n.atom.op] } : n.atom]];
  if ('not' in n) return dnf(n.not, !negated);
  const conj = 'and' in n ? !negated : negated;
  const parts = ('and' in n ? n.and : n.or).map((p) => dnf(p, negated));
  if (!conj) return parts.flat();
  let acc: FacetAtom[][] = [[]];
  for (const p of parts) {
    const next: FacetAtom[][] = [];
    for (const a of acc) for (const b of p) next.push([...a, ...b]);
    if (next.length > MAX_CONJUNCTIONS) throw invalidInput('new_filters: expression too complex');
    acc = next;
  }
  return acc;
}

/** Parses `new_filters` into one facet group (an OR of AND-ed conjunctions); empty input filters nothing. */
export function parseNewFilters(raw: string | undefined): FacetFilter {
  if (raw === undefined || raw.trim() === '') return [];
  return [dnf(parse(raw))];
}
