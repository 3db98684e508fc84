/** A URL-safe slug from a project or organization name (the API accepts [\w!@$()`.+,"\-']{3,64}). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

/** The slugs the API accepts. */
export const SLUG_RE = /^[\w!@$()`.+,"\-']{3,64}$/;
