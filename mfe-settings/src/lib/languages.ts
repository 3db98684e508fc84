import { LOCALES, DEFAULT_LOCALE, type Locale } from '@modshelf/web-kit';

export type LanguageGroup = 'standard' | 'experimental' | 'fun';

export interface Language {
  /** BCP 47 tag (private-use `x-` subtags for the fun variants) */
  code: string;
  /** the name in the language itself */
  name: string;
  /** the name in English, also searched */
  english: string;
  group: LanguageGroup;
}

/**
 * The language list of the settings page, by the spec's groups. Standard: languages of the community;
 * experimental: right-to-left languages, whose layout is not finished; fun: playful English variants.
 * Only the site's LOCALES have translations; choosing any other keeps it as the visitor's language and
 * shows the site in en-US (the fallback), as react-intl does for any message a bundle lacks.
 */
export const LANGUAGES: readonly Language[] = [
  { code: 'en-US', name: 'English (US)', english: 'English (US)', group: 'standard' },
  { code: 'ru', name: 'Русский', english: 'Russian', group: 'standard' },
  { code: 'de', name: 'Deutsch', english: 'German', group: 'standard' },
  { code: 'es-ES', name: 'Español (España)', english: 'Spanish (Spain)', group: 'standard' },
  { code: 'fr', name: 'Français', english: 'French', group: 'standard' },
  { code: 'it', name: 'Italiano', english: 'Italian', group: 'standard' },
  { code: 'ja', name: '日本語', english: 'Japanese', group: 'standard' },
  { code: 'ko', name: '한국어', english: 'Korean', group: 'standard' },
  { code: 'pl', name: 'Polski', english: 'Polish', group: 'standard' },
  { code: 'pt-BR', name: 'Português (Brasil)', english: 'Portuguese (Brazil)', group: 'standard' },
  { code: 'tr', name: 'Türkçe', english: 'Turkish', group: 'standard' },
  { code: 'uk', name: 'Українська', english: 'Ukrainian', group: 'standard' },
  { code: 'zh-Hans', name: '简体中文', english: 'Chinese (Simplified)', group: 'standard' },
  { code: 'zh-Hant', name: '繁體中文', english: 'Chinese (Traditional)', group: 'standard' },
  { code: 'ar', name: 'العربية', english: 'Arabic', group: 'experimental' },
  { code: 'he', name: 'עברית', english: 'Hebrew', group: 'experimental' },
  { code: 'fa', name: 'فارسی', english: 'Persian', group: 'experimental' },
  { code: 'en-x-pirate', name: 'Pirate Speak', english: 'Pirate', group: 'fun' },
  { code: 'en-x-updown', name: 'uʍop ǝpısdn', english: 'Upside down', group: 'fun' },
  { code: 'en-x-uwu', name: 'UwU', english: 'UwU', group: 'fun' },
  { code: 'en-x-lolcat', name: 'LOLCAT', english: 'Lolcat', group: 'fun' },
];

export const GROUPS: readonly LanguageGroup[] = ['standard', 'experimental', 'fun'];

/** Whether the site has a translation in this language. */
export function isTranslated(code: string): code is Locale {
  return (LOCALES as readonly string[]).includes(code);
}

/** The locale the site is shown in for a chosen language: itself when translated, else en-US. */
export function displayLocale(code: string): Locale {
  return isTranslated(code) ? code : DEFAULT_LOCALE;
}

/** Languages whose native name, English name or code contains the query (case-insensitive). */
export function searchLanguages(query: string, list: readonly Language[] = LANGUAGES): Language[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...list];
  return list.filter((l) => l.name.toLocaleLowerCase().includes(q) || l.english.toLowerCase().includes(q) || l.code.toLowerCase() === q);
}
