/** One word of a query as FTS5 sees it: exact words and prefixes, in every column or in name and slug. */
export interface TermQuery {
  columns: 'all' | 'nameSlug';
  exact: string[];
  prefixes: string[];
  /** built with typo candidates from the vocabulary (stale once new words arrive) */
  fuzzy: boolean;
}

/** A document's words, all of them and those of its name and slug. */
export interface DocTokens {
  all: Set<string>;
  nameSlug: Set<string>;
}

export function ftsExpression(q: TermQuery): string {
  const parts = [...q.exact.map((w) => `"${w}"`), ...q.prefixes.map((w) => `"${w}"*`)];
  const body = parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
  return q.columns === 'nameSlug' ? `{name slug} : ${body}` : body;
}

/** Whether a document's words satisfy a word query (the in-memory twin of ftsExpression). */
export function termMatches(q: TermQuery, tokens: DocTokens): boolean {
  const words = q.columns === 'all' ? tokens.all : tokens.nameSlug;
  for (const w of q.exact) if (words.has(w)) return true;
  if (q.prefixes.length > 0) for (const t of words) for (const p of q.prefixes) if (t.startsWith(p)) return true;
  return false;
}
