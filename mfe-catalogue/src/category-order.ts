import type { CategoryTag } from '@modshelf/web-kit';

/** The spec's order of the performance-impact categories (not alphabetical). */
export const PERFORMANCE_ORDER = ['potato', 'low', 'medium', 'high', 'screenshot'] as const;

/** 8x- -> 8, 16x -> 16, 512x+ -> 512; anything else sorts last. */
export function resolutionValue(name: string): number {
  const m = /^(\d+)x/.exec(name);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

const HEADER_ORDER = ['categories', 'features', 'resolutions', 'performance impact'];

/** Orders one header's category names: resolutions numerically, performance impact by the spec's order, others alphabetically. */
export function sortCategoryNames(header: string, names: readonly string[]): string[] {
  const list = [...new Set(names)];
  if (header === 'resolutions') return list.sort((a, b) => resolutionValue(a) - resolutionValue(b) || a.localeCompare(b));
  if (header === 'performance impact') {
    const rank = (n: string) => {
      const i = (PERFORMANCE_ORDER as readonly string[]).indexOf(n);
      return i < 0 ? PERFORMANCE_ORDER.length : i;
    };
    return list.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  }
  return list.sort((a, b) => a.localeCompare(b));
}

/** A project type's categories grouped by header (categories, features, resolutions, performance impact, then any other), each in its order. */
export function groupCategories(tags: readonly CategoryTag[], type: string): Array<{ header: string; names: string[] }> {
  const by = new Map<string, string[]>();
  for (const t of tags) {
    if (t.project_type !== type) continue;
    by.set(t.header, [...(by.get(t.header) ?? []), t.name]);
  }
  const rank = (h: string) => (HEADER_ORDER.includes(h) ? HEADER_ORDER.indexOf(h) : HEADER_ORDER.length);
  return [...by.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([header, names]) => ({ header, names: sortCategoryNames(header, names) }));
}
