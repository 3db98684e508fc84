import { describe, expect, it } from 'vitest';
import { groupCategories, sortCategoryNames } from './category-order';

describe('category orderings', () => {
  it('sorts resolutions numerically (8x- first, 512x+ last), not as text', () => {
    expect(sortCategoryNames('resolutions', ['128x', '16x', '512x+', '8x-', '32x', '256x', '64x', '48x'])).toEqual([
      '8x-',
      '16x',
      '32x',
      '48x',
      '64x',
      '128x',
      '256x',
      '512x+',
    ]);
  });
  it("sorts performance impact by the spec's order", () => {
    expect(sortCategoryNames('performance impact', ['screenshot', 'high', 'potato', 'medium', 'low'])).toEqual([
      'potato',
      'low',
      'medium',
      'high',
      'screenshot',
    ]);
  });
  it('sorts other headers alphabetically and groups by header in a fixed order', () => {
    const tag = (name: string, header: string, project_type = 'mod') => ({ name, header, project_type, icon: '' });
    expect(
      groupCategories(
        [
          tag('utility', 'categories'),
          tag('32x', 'resolutions'),
          tag('8x-', 'resolutions'),
          tag('high', 'performance impact'),
          tag('potato', 'performance impact'),
          tag('adventure', 'categories'),
          tag('magic', 'categories', 'modpack'),
        ],
        'mod',
      ),
    ).toEqual([
      { header: 'categories', names: ['adventure', 'utility'] },
      { header: 'resolutions', names: ['8x-', '32x'] },
      { header: 'performance impact', names: ['potato', 'high'] },
    ]);
  });
});
