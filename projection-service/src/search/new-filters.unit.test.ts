import { describe, expect, it } from 'vitest';
import { parseNewFilters } from './new-filters';

describe('new_filters', () => {
  it('parses predicates, IN lists, AND/OR/NOT and parentheses into DNF', () => {
    expect(parseNewFilters('categories != fabric')).toEqual([[[{ field: 'categories', op: '!=', value: 'fabric' }]]]);
    expect(parseNewFilters('downloads > 100 and (categories = magic OR categories = food)')).toEqual([
      [
        [
          { field: 'downloads', op: '>', value: 100 },
          { field: 'categories', op: '=', value: 'magic' },
        ],
        [
          { field: 'downloads', op: '>', value: 100 },
          { field: 'categories', op: '=', value: 'food' },
        ],
      ],
    ]);
    expect(parseNewFilters('project_types IN [mod, "modpack"]')).toEqual([
      [[{ field: 'project_types', op: '=', value: 'mod' }], [{ field: 'project_types', op: '=', value: 'modpack' }]],
    ]);
    expect(parseNewFilters('categories NOT IN [magic, food]')).toEqual([
      [
        [
          { field: 'categories', op: '!=', value: 'magic' },
          { field: 'categories', op: '!=', value: 'food' },
        ],
      ],
    ]);
    expect(parseNewFilters('NOT (downloads >= 5 OR follows < 2)')).toEqual([
      [
        [
          { field: 'downloads', op: '<', value: 5 },
          { field: 'follows', op: '>=', value: 2 },
        ],
      ],
    ]);
  });
  it('rejects bad input with 400', () => {
    for (const bad of ['colour = red', 'downloads >', '(categories = a', 'categories = a b', 'categories EXISTS', 'downloads > many']) {
      expect(() => parseNewFilters(bad), bad).toThrow();
    }
  });
});
