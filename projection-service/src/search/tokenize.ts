/** Words as FTS5's unicode61 tokenizer (remove_diacritics 2) sees them. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** Modrinth indexes names in `my-cool-mod` form as well. */
export function normalizedName(title: string): string {
  return tokenize(title).join('-');
}
