import { describe, expect, it } from 'vitest';
import { BADGE_BITS, userBadges } from '@modshelf/events';
import { BADGES, badgesOf } from './badges';

describe('badges', () => {
  it("decodes the server's bitfield, role badges first", () => {
    expect(badgesOf(userBadges(BADGE_BITS.TRANSLATOR, 'admin', true))).toEqual(['product_team', 'creator', 'translator']);
    expect(badgesOf(0)).toEqual([]);
    expect(badgesOf(undefined)).toEqual([]);
  });
  it('names every bit the server defines, with the same value', () => {
    for (const [name, bit] of Object.entries(BADGE_BITS)) {
      expect(BADGES.find((b) => b.key === name.toLowerCase())?.bit, name).toBe(bit);
    }
    expect(BADGES).toHaveLength(Object.keys(BADGE_BITS).length);
  });
});
