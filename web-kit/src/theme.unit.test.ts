import { describe, expect, it } from 'vitest';
import { cycleColorMode, parseColorMode, parseDisplayPreferences, resolveTheme, sanitizePreferredDarkTheme } from './theme';
import { serializeCookie, parseCookies } from './cookies';
import { COLOR_MODE_COOKIE, LANGUAGE_COOKIE, DISPLAY_PREFERENCE_DEFAULTS, layoutFor } from './constants';

describe('colour modes', () => {
  it('falls back to dark for a bad or missing preferred dark theme', () => {
    expect(sanitizePreferredDarkTheme('oled')).toBe('oled');
    expect(sanitizePreferredDarkTheme('retro')).toBe('retro');
    expect(sanitizePreferredDarkTheme('light')).toBe('dark');
    expect(sanitizePreferredDarkTheme(undefined)).toBe('dark');
  });
  it('system follows the OS, using the preferred dark theme', () => {
    expect(resolveTheme('system', false, 'oled')).toBe('light');
    expect(resolveTheme('system', true, 'oled')).toBe('oled');
    expect(resolveTheme('system', true, 'nonsense')).toBe('dark');
    expect(resolveTheme('retro', false, 'dark')).toBe('retro');
  });
  it('cycle switches between light and the preferred dark theme', () => {
    expect(cycleColorMode('light', 'retro')).toBe('retro');
    expect(cycleColorMode('retro', 'retro')).toBe('light');
    expect(cycleColorMode('oled', 'dark')).toBe('light');
    expect(cycleColorMode('light', 'bogus')).toBe('dark');
  });
  it('parses the cookie value', () => {
    expect(parseColorMode('oled')).toBe('oled');
    expect(parseColorMode('purple')).toBe('system');
  });
});

describe('display preferences cookie', () => {
  it('keeps defaults for missing or mistyped keys', () => {
    expect(parseDisplayPreferences(undefined)).toEqual(DISPLAY_PREFERENCE_DEFAULTS);
    expect(parseDisplayPreferences('not json')).toEqual(DISPLAY_PREFERENCE_DEFAULTS);
    const p = parseDisplayPreferences(JSON.stringify({ hidePromotions: true, advancedRendering: 'yes', preferredDarkTheme: 'light' }));
    expect(p.hidePromotions).toBe(true);
    expect(p.advancedRendering).toBe(true);
    expect(p.preferredDarkTheme).toBe('dark');
  });
  it('keeps a valid list layout per page type and drops the rest', () => {
    const p = parseDisplayPreferences(JSON.stringify({ layouts: { mod: 'grid', modpack: 'sideways', user: 'gallery', nope: 'grid' } }));
    expect(p.layouts).toEqual({ mod: 'grid', user: 'gallery' });
    expect(layoutFor(p, 'mod')).toBe('grid');
    expect(layoutFor(p, 'modpack')).toBe('gallery');
    expect(layoutFor(p, 'server')).toBe('grid');
    expect(layoutFor(p, 'collection')).toBe('list');
    expect(parseDisplayPreferences(JSON.stringify({ layouts: 'grid' })).layouts).toBeUndefined();
  });
});

describe('cookies', () => {
  it('serializes with the spec attributes', () => {
    expect(serializeCookie('color-mode', 'dark', COLOR_MODE_COOKIE)).toBe('color-mode=dark; Max-Age=315360000; Path=/; SameSite=Lax; Secure');
    expect(serializeCookie('language', 'ru', LANGUAGE_COOKIE)).toBe('language=ru; Max-Age=31536000000; Path=/; SameSite=Strict; Secure');
  });
  it('parses a cookie header', () => {
    expect(parseCookies('a=1; color-mode=oled; x=%7B%7D')).toEqual({ a: '1', 'color-mode': 'oled', x: '{}' });
  });
});
