import { COOKIE_NAMES, DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, type Locale } from './constants';
import { parseCookies, readCookie, writeCookie } from './cookies';

export const HL_PARAM = 'hl';

export function isLocale(v: unknown): v is Locale {
  return (LOCALES as readonly unknown[]).includes(v);
}

/** hl in the URL wins, then the language cookie, then the default. */
export function resolveLocale(hl: string | null | undefined, cookie: string | null | undefined): Locale {
  if (isLocale(hl)) return hl;
  if (isLocale(cookie)) return cookie;
  return DEFAULT_LOCALE;
}

/** The language a page request asks for, as the shell decides it (its hl parameter, else the language cookie, else the default). */
export function requestLocale(search: string, cookieHeader: string | undefined): Locale {
  return resolveLocale(new URLSearchParams(search).get(HL_PARAM), parseCookies(cookieHeader ?? '')[COOKIE_NAMES.language]);
}

/** Returns the URL (path + search + hash) carrying hl for the given locale; the default language has none. */
export function withLocale(url: string, locale: Locale): string {
  const u = new URL(url, 'http://x');
  if (locale === DEFAULT_LOCALE) u.searchParams.delete(HL_PARAM);
  else u.searchParams.set(HL_PARAM, locale);
  return u.pathname + u.search + u.hash;
}

export interface AlternateLink {
  hreflang: string;
  href: string;
}

/** Alternate-language links for a page, one per locale plus x-default (the URL without hl). */
export function alternateLinks(origin: string, url: string): AlternateLink[] {
  const links: AlternateLink[] = LOCALES.map((l) => ({ hreflang: l, href: origin + withLocale(url, l) }));
  links.push({ hreflang: 'x-default', href: origin + withLocale(url, DEFAULT_LOCALE) });
  return links;
}

export function readLanguageCookie(): string | undefined {
  return readCookie(COOKIE_NAMES.language);
}

export function saveLanguageCookie(locale: Locale): void {
  writeCookie(COOKIE_NAMES.language, locale, LANGUAGE_COOKIE);
}
