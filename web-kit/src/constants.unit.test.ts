import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('spec constants', () => {
  it('loading bar, toasts, reload guard, developer mode', () => {
    expect(C.LOADING_BAR).toEqual({ throttleMs: 50, durationMs: 500, heightPx: 3 });
    expect(C.TOAST_LIFETIME_MS).toBe(30_000);
    expect(C.RELOAD_GUARD_MS).toBe(10_000);
    expect(C.DEVELOPER_MODE_CLICKS).toBe(5);
  });
  it('popup and tooltip defaults', () => {
    expect(C.POPUP).toEqual({
      tooltipShowDelayMs: 200,
      dropdownHideDelayMs: 400,
      disposeTimeoutMs: 150,
      distancePx: 5,
      dropdown: { placement: 'bottom-end', distancePx: 8 },
    });
  });
  it('cookie rules', () => {
    expect(C.LANGUAGE_COOKIE).toEqual({ maxAge: 31_536_000_000, sameSite: 'Strict', secure: true, path: '/' });
    expect(C.DISPLAY_PREFERENCES_COOKIE.maxAge).toBe(31_536_000_000);
    expect(C.DISPLAY_PREFERENCES_COOKIE.sameSite).toBe('Lax');
    expect(C.DISPLAY_PREFERENCES_COOKIE.secure).toBe(true);
    expect(C.COLOR_MODE_COOKIE).toEqual({ maxAge: 315_360_000, sameSite: 'Lax', secure: true, path: '/' });
  });
  it('display preference defaults', () => {
    expect(C.DISPLAY_PREFERENCE_DEFAULTS).toEqual({
      searchLayout: false,
      projectLayout: false,
      advancedRendering: true,
      externalLinksNewTab: true,
      notUsingBlockers: false,
      hidePromotions: false,
      preferredDarkTheme: 'dark',
      hideStagingBanner: false,
    });
    expect(Object.isFrozen(C.DISPLAY_PREFERENCE_DEFAULTS)).toBe(true);
  });
  it('layouts per page, themes and languages', () => {
    expect(C.DEFAULT_LAYOUT).toEqual({ mod: 'list', modpack: 'gallery', server: 'grid', user: 'list', collection: 'list' });
    expect([...C.LAYOUTS]).toEqual(['list', 'grid', 'gallery']);
    expect([...C.COLOR_MODES]).toEqual(['system', 'light', 'dark', 'oled', 'retro']);
    expect([...C.DARK_THEMES]).toEqual(['dark', 'oled', 'retro']);
    expect(C.DEFAULT_LOCALE).toBe('en-US');
    expect([...C.LOCALES]).toEqual(['en-US', 'ru']);
  });
  it('catalogue tags', () => {
    expect(C.MOD_CATEGORIES).toHaveLength(19);
    expect(C.MOD_CATEGORIES).toContain('game-mechanics');
    expect(C.MODPACK_CATEGORIES).toHaveLength(10);
    expect(C.MODPACK_CATEGORIES).toContain('kitchen-sink');
    expect([...C.LOADERS]).toEqual(['coreengine', 'modshelf', 'zotecore', 'behaviorpack']);
    expect([...C.GAME_VERSIONS]).toEqual(['1.0.3', '1.11.4', '1.16.201-arm32', '1.16.201-arm64']);
    expect([...C.DONATION_PLATFORMS]).toEqual(['patreon', 'bmac', 'paypal', 'github', 'ko-fi', 'other']);
    expect([...C.REPORT_REASONS]).toEqual(['spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting']);
    expect([...C.PERFORMANCE_IMPACT_ORDER]).toEqual(['potato', 'low', 'medium', 'high', 'screenshot']);
    expect(C.SAMPLE_SEARCH_LIMIT).toBe(3);
    expect(C.RELEASE_CHANNEL_SYMBOL).toEqual({ release: 'R', beta: 'B', alpha: 'A' });
  });
  it('status groups', () => {
    expect(C.STATUS_GROUPS.listed).toEqual(['approved', 'archived']);
    expect(C.STATUS_GROUPS.approved).toEqual(['approved', 'archived', 'unlisted', 'private']);
    expect(C.STATUS_GROUPS.pending).toEqual(['private', 'rejected', 'processing']);
    expect(C.STATUS_GROUPS.rejected).toEqual(['rejected', 'withheld']);
  });
  it('error strings', () => {
    expect(C.ERRORS.pageNotFound('/nope')).toBe('Page Not Found: /nope');
    expect(C.ERRORS.heading).toBe('An error occurred!');
    expect(C.ERRORS.fallback).toEqual({ statusCode: 1000, message: 'Unknown error' });
    expect(C.ERRORS.userNotFound).toBe('User not found');
    expect(C.ERRORS.collectionNotFound).toBe('Collection not found');
    expect(C.ERRORS.languageLoad).toBe('Cannot load this language. Try again in a bit.');
    expect(C.ERRORS.noRedirect).toBe('No redirect location found in response');
  });
});
