import { describe, expect, it } from 'vitest';
import { slugify, SLUG_RE } from './slug';

describe('slugs', () => {
  it('makes slugs the API accepts from names', () => {
    expect(slugify('My Mod!')).toBe('my-mod');
    expect(slugify('  Lantern Tweaks 2!  ')).toBe('lantern-tweaks-2');
    expect(slugify('Café Déjà')).toBe('cafe-deja');
    expect(slugify('x'.repeat(80))).toHaveLength(64);
    expect(SLUG_RE.test(slugify('Lantern Tweaks 2'))).toBe(true);
  });

  it('accepts the API slug alphabet, 3 to 64 long', () => {
    expect(SLUG_RE.test('ab')).toBe(false);
    expect(SLUG_RE.test('a'.repeat(65))).toBe(false);
    expect(SLUG_RE.test('my mod')).toBe(false);
    expect(SLUG_RE.test("it's-(ok).v2")).toBe(true);
  });
});
