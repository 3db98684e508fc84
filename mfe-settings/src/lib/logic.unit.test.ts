import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS, signInPath } from '@modshelf/web-kit';
import { RESTRICTED_SCOPES as API_RESTRICTED, SCOPE_BITS } from '@modshelf/contract';
import { redirectLocation } from './api';
import { groupSecret, otpauthUri, parseRedirectUris, PASSWORDS_DO_NOT_MATCH, signUpProblems, systemLocale } from './forms';
import { safeRedirect, withRedirect } from './redirect';
import { APP_SCOPES, hasScope, maskToScopes, PAT_SCOPES, RESTRICTED_SCOPES, SCOPE_NAMES, scopeLabel, scopesToMask } from './scopes';
import { expiryFromDays, expiryState, formatDuration, lastUseState } from './time';
import { SECTION_TITLES, SECTIONS } from '../settings/sections';
import { money } from '../settings/BillingPage';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('scopes', () => {
  it('number the spec scopes exactly as the API does', () => {
    expect(Object.fromEntries(SCOPE_NAMES.map((n, i) => [n, i]))).toEqual(
      Object.fromEntries(Object.entries(SCOPE_BITS).filter(([n]) => (SCOPE_NAMES as readonly string[]).includes(n))),
    );
    // every bit the API defines up to SESSION_ACCESS is known here, in order
    expect(SCOPE_NAMES.length).toBe(SCOPE_BITS.SESSION_ACCESS + 1);
    expect([...RESTRICTED_SCOPES].sort()).toEqual([...API_RESTRICTED].sort());
  });

  it('offers tokens only unrestricted scopes and apps everything but session access', () => {
    for (const s of RESTRICTED_SCOPES) expect(PAT_SCOPES).not.toContain(s);
    expect(PAT_SCOPES).toContain('PROJECT_WRITE');
    expect(APP_SCOPES).not.toContain('SESSION_ACCESS');
    expect(APP_SCOPES).toContain('USER_DELETE');
  });

  it('builds masks past 32 bits with arithmetic and reads them back', () => {
    const names = ['USER_READ', 'ORGANIZATION_DELETE', 'COLLECTION_READ'] as const;
    const mask = scopesToMask([...names, 'USER_READ']);
    expect(mask).toBe(2 ** 1 + 2 ** 38 + 2 ** 32);
    expect(maskToScopes(mask)).toEqual(['USER_READ', 'COLLECTION_READ', 'ORGANIZATION_DELETE']);
    expect(hasScope(mask, 'ORGANIZATION_DELETE')).toBe(true);
    expect(hasScope(mask, 'USER_WRITE')).toBe(false);
    expect(maskToScopes(0)).toEqual([]);
  });

  it('labels scopes in the spec wording', () => {
    expect(scopeLabel('USER_READ_EMAIL')).toBe('User read email');
    expect(scopeLabel('PAT_CREATE')).toBe('PAT create');
    expect(scopeLabel('ANALYTICS')).toBe('Analytics');
  });
});

describe('token expiry and use', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it('tells expiring, expired and never-expiring tokens apart', () => {
    expect(expiryState('2026-06-04T12:00:00Z', now)).toEqual({ kind: 'expiring', ms: 3 * 86_400_000 });
    expect(expiryState('2026-05-31T12:00:00Z', now)).toEqual({ kind: 'expired', ms: 86_400_000 });
    expect(expiryState('2026-06-01T12:00:00Z', now).kind).toBe('expired');
    expect(expiryState(null, now)).toEqual({ kind: 'never' });
    expect(expiryState('9999-12-31T23:59:59.999Z', now)).toEqual({ kind: 'never' });
  });

  it('tells never-used tokens from used ones', () => {
    expect(lastUseState(null, now)).toEqual({ kind: 'never-used' });
    expect(lastUseState('garbage', now)).toEqual({ kind: 'never-used' });
    expect(lastUseState('2026-06-01T11:00:00Z', now)).toEqual({ kind: 'used', ms: 3_600_000 });
  });

  it('writes durations in the largest whole unit', () => {
    expect(formatDuration(3 * 86_400_000 + 5000, 'en-US')).toBe('3 days');
    expect(formatDuration(30 * 86_400_000 - 1, 'en-US')).toBe('4 weeks');
    expect(formatDuration(3_600_000, 'en-US')).toBe('1 hour');
    expect(formatDuration(400, 'en-US')).toBe('1 second');
    expect(formatDuration(2 * 31_536_000_000, 'en-US')).toBe('2 years');
    expect(formatDuration(2 * 86_400_000, 'ru')).toBe('2 дня');
  });

  it('turns an expiry choice into an ISO time', () => {
    expect(expiryFromDays(30, now)).toBe('2026-07-01T12:00:00.000Z');
  });
});

describe('redirect after sign-in', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeRedirect('/mods')).toBe('/mods');
    expect(safeRedirect('/mod/abc?tab=versions#x')).toBe('/mod/abc?tab=versions#x');
    expect(safeRedirect('/auth/authorize?client_id=abc&scope=USER_READ')).toBe('/auth/authorize?client_id=abc&scope=USER_READ');
  });

  it('refuses other sites, odd schemes and the sign-in pages themselves', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'mods',
      '/auth/sign-in?redirect=/x',
      '/auth/sign-up',
      '/auth',
      '/a\nb',
    ]) {
      expect(safeRedirect(bad, '/fallback'), bad).toBe('/fallback');
    }
    expect(safeRedirect(null)).toBe('/settings');
    expect(safeRedirect('')).toBe('/settings');
  });

  it('builds sign-in links as the rest of the site does', () => {
    expect(signInPath('/settings/pats')).toBe('/auth/sign-in?redirect=%2Fsettings%2Fpats');
    expect(withRedirect('/auth/sign-up', '/mods?q=a b')).toBe('/auth/sign-up?redirect=%2Fmods%3Fq%3Da%20b');
    expect(withRedirect('/auth/sign-up', null)).toBe('/auth/sign-up');
  });
});

describe('forms', () => {
  it('uses the spec string for a password mismatch', () => {
    expect(PASSWORDS_DO_NOT_MATCH).toBe(ERRORS.passwordsMismatch);
    expect(signUpProblems({ username: 'a', email: 'a@b.c', password: 'x', confirm: 'y' })).toEqual(['Passwords do not match!']);
    expect(signUpProblems({ username: 'a', email: 'a@b.c', password: 'x', confirm: 'x' })).toEqual([]);
    expect(signUpProblems({ username: ' ', email: '', password: '', confirm: '' })).toEqual(['username', 'email', 'password']);
  });

  it('writes the authenticator URI the QR code carries', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'steve m')).toBe(
      'otpauth://totp/Modshelf:steve%20m?secret=JBSWY3DPEHPK3PXP&issuer=Modshelf&algorithm=SHA1&digits=6&period=30',
    );
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('reads redirect URIs one per line', () => {
    expect(parseRedirectUris(' https://a.example/cb \r\n\n https://b.example/cb')).toEqual(['https://a.example/cb', 'https://b.example/cb']);
  });

  it('picks the automatic language from the browser languages', () => {
    expect(systemLocale(['ru-RU', 'en'], ['en-US', 'ru'], 'en-US')).toBe('ru');
    expect(systemLocale(['de-DE', 'en-GB'], ['en-US', 'ru'], 'en-US')).toBe('en-US');
    expect(systemLocale(['fr'], ['en-US', 'ru'], 'en-US')).toBe('en-US');
    expect(systemLocale(['RU'], ['en-US', 'ru'], 'en-US')).toBe('ru');
  });

  it('finds the redirect location in consent answers, or none', () => {
    expect(redirectLocation('https://app.example/cb?code=1')).toBe('https://app.example/cb?code=1');
    expect(redirectLocation({ location: 'https://app.example/cb' })).toBe('https://app.example/cb');
    expect(redirectLocation('')).toBeNull();
    expect(redirectLocation({})).toBeNull();
    expect(redirectLocation(undefined)).toBeNull();
  });
});

describe('settings sections and messages', () => {
  it('carry the spec section titles exactly', () => {
    expect([...SECTION_TITLES].sort()).toEqual([
      'Account and security',
      'Appearance',
      'Authorized apps',
      'Billing and subscriptions',
      'Language',
      'Personal access tokens',
      'Public profile',
      'Sessions',
      'Your applications',
    ]);
    expect(SECTIONS.filter((s) => !s.auth).map((s) => s.path)).toEqual(['/settings', '/settings/language']);
  });

  it('have a Russian text for every message id the code uses', () => {
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f) && !f.endsWith('.test.ts')) files.push(p);
      }
    };
    walk(SRC);
    const ids = new Set<string>();
    for (const f of files) {
      const s = readFileSync(f, 'utf8');
      for (const m of s.matchAll(/\bt\(\s*'([\w.]+)'/g)) ids.add(m[1]);
      for (const m of s.matchAll(/\bid: '([\w.]+)'/g)) ids.add(m[1]);
      for (const m of s.matchAll(/hintId: '([\w.]+)'/g)) ids.add(m[1]);
    }
    expect(ids.size).toBeGreaterThan(150);
    const ru = JSON.parse(readFileSync(join(SRC, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
    const missing = [...ids].filter((id) => !(id in ru));
    expect(missing).toEqual([]);
    for (const id of ['layout.list', 'layout.grid', 'layout.gallery']) expect(ru[id]).toBeTruthy();
    expect(ru['pats.deleteConfirm']).not.toBe(ERRORS.tokenDelete);
  });
});

describe('money', () => {
  it('shows minor units as dollars and names other currencies', () => {
    expect(money(499, 'USD')).toBe('$4.99');
    expect(money(479900, 'usd')).toBe('$4,799.00');
    expect(money(1000, 'EUR')).toBe('€10.00');
    expect(money(1000, 'XX1')).toBe('10.00 XX1');
  });
});

describe('language list', () => {
  it("has the spec's groups and names, every translated locale, unique codes", async () => {
    const { GROUPS, LANGUAGES } = await import('./languages');
    const { LOCALES, LOCALE_NAMES } = await import('@modshelf/web-kit');
    expect(GROUPS).toEqual(['standard', 'experimental', 'fun']);
    for (const l of LOCALES) expect(LANGUAGES.find((x) => x.code === l)?.name).toBe(LOCALE_NAMES[l]);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    const english = LANGUAGES.map((l) => l.english);
    for (const n of ['Arabic', 'German', 'Japanese', 'Chinese (Simplified)', 'Chinese (Traditional)', 'Pirate', 'Upside down', 'UwU', 'Lolcat'])
      expect(english).toContain(n);
    expect(LANGUAGES.filter((l) => l.group === 'fun').map((l) => l.english)).toEqual(['Pirate', 'Upside down', 'UwU', 'Lolcat']);
  });
  it('falls back to en-US for a language without a translation; searches native and English names', async () => {
    const { displayLocale, isTranslated, searchLanguages } = await import('./languages');
    expect(displayLocale('ru')).toBe('ru');
    expect(displayLocale('de')).toBe('en-US');
    expect(isTranslated('en-x-pirate')).toBe(false);
    expect(searchLanguages('germ').map((l) => l.code)).toEqual(['de']);
    expect(searchLanguages('РУС').map((l) => l.code)).toEqual(['ru']);
    expect(searchLanguages('chinese').map((l) => l.code)).toEqual(['zh-Hans', 'zh-Hant']);
    expect(searchLanguages('klingon')).toEqual([]);
    expect(searchLanguages('  ').length).toBeGreaterThan(15);
  });
});
