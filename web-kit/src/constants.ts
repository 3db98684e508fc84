/** Business constants of the spec (section 9) and the UI behaviours of section 2/4. */
import * as tags from '@modshelf/contract/tags';

export const LOADING_BAR = { throttleMs: 50, durationMs: 500, heightPx: 3 } as const;

export const TOAST_LIFETIME_MS = 30_000;

/** A new build forces a reload at most once per this many ms for the same path. */
export const RELOAD_GUARD_MS = 10_000;
/** How often the shell polls builds/latest.json (the spec leaves it open). */
export const MANIFEST_POLL_MS = 60_000;

export const DEVELOPER_MODE_CLICKS = 5;

export const POPUP = {
  tooltipShowDelayMs: 200,
  dropdownHideDelayMs: 400,
  disposeTimeoutMs: 150,
  distancePx: 5,
  dropdown: { placement: 'bottom-end', distancePx: 8 },
} as const;

export const COOKIE_NAMES = {
  language: 'language',
  displayPreferences: 'display-preferences',
  colorMode: 'color-mode',
  /** the session token (mra_...), as Modrinth's site keeps it */
  auth: 'auth-token',
} as const;

export const LANGUAGE_COOKIE = { maxAge: 31_536_000_000, sameSite: 'Strict', secure: true, path: '/' } as const;
export const DISPLAY_PREFERENCES_COOKIE = { maxAge: 31_536_000_000, sameSite: 'Lax', secure: true, path: '/' } as const;
export const COLOR_MODE_COOKIE = { maxAge: 10 * 365 * 24 * 60 * 60, sameSite: 'Lax', secure: true, path: '/' } as const;

export const THEMES = ['light', 'dark', 'oled', 'retro'] as const;
export type Theme = (typeof THEMES)[number];
export const COLOR_MODES = ['system', ...THEMES] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export const DARK_THEMES = ['dark', 'oled', 'retro'] as const;
export type DarkTheme = (typeof DARK_THEMES)[number];

export interface DisplayPreferences {
  searchLayout: boolean;
  projectLayout: boolean;
  advancedRendering: boolean;
  externalLinksNewTab: boolean;
  notUsingBlockers: boolean;
  hidePromotions: boolean;
  preferredDarkTheme: DarkTheme;
  hideStagingBanner: boolean;
  /** the visitor's list layout per page type (absent: DEFAULT_LAYOUT) */
  layouts?: Partial<Record<LayoutPage, Layout>>;
}

export const DISPLAY_PREFERENCE_DEFAULTS: Readonly<DisplayPreferences> = Object.freeze({
  searchLayout: false,
  projectLayout: false,
  advancedRendering: true,
  externalLinksNewTab: true,
  notUsingBlockers: false,
  hidePromotions: false,
  preferredDarkTheme: 'dark',
  hideStagingBanner: false,
});

export const LAYOUTS = ['list', 'grid', 'gallery'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const DEFAULT_LAYOUT = {
  mod: 'list',
  modpack: 'gallery',
  server: 'grid',
  user: 'list',
  collection: 'list',
} as const satisfies Record<string, Layout>;
export type LayoutPage = keyof typeof DEFAULT_LAYOUT;

/** The list layout of a page type: the visitor's choice (display preferences), else the spec's default. */
export function layoutFor(prefs: Pick<DisplayPreferences, 'layouts'>, page: LayoutPage): Layout {
  return prefs.layouts?.[page] ?? DEFAULT_LAYOUT[page];
}

export const DEFAULT_LOCALE = 'en-US';
export const LOCALES = ['en-US', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = { 'en-US': 'English (US)', ru: 'Русский' };

/** The tags are the contract's (`contract/src/tags.ts`); these are the shapes the front end reads. */
export const PROJECT_TYPES = tags.ROUTE_PROJECT_TYPES;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const SEARCH_PAGES = { mods: 'mod', modpacks: 'modpack', servers: 'server' } as const;

export { MOD_CATEGORIES, MODPACK_CATEGORIES, PRODUCT_LOADER } from '@modshelf/contract/tags';
export const BEHAVIORPACK_LOADER = 'behaviorpack';
export const LOADERS = tags.LOADERS.map((l) => l.name);
/** Oldest first. */
export const GAME_VERSIONS = [...tags.GAME_VERSIONS].reverse().map((v) => v.version);
export const DONATION_PLATFORMS = tags.DONATION_PLATFORMS.map((d) => d.short);
export const REPORT_REASONS = tags.REPORT_TYPES;
export const PERFORMANCE_IMPACT_ORDER = ['potato', 'low', 'medium', 'high', 'screenshot'] as const;
export const SAMPLE_SEARCH_LIMIT = 3;
export const SEARCH_SORTS = ['relevance', 'downloads', 'follows', 'newest', 'updated'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZES = [5, 10, 15, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Debounce of the as-you-type search box. */
export const SEARCH_DEBOUNCE_MS = 300;

export const RELEASE_CHANNEL_SYMBOL = { release: 'R', beta: 'B', alpha: 'A' } as const;

/** Status groups of section 4. */
export const STATUS_GROUPS = {
  approved: ['approved', 'archived', 'unlisted', 'private'],
  listed: ['approved', 'archived'],
  pending: ['private', 'rejected', 'processing'],
  rejected: ['rejected', 'withheld'],
  processing: ['processing'],
} as const;

export const DISCORD_HELP_URL = 'https://discord.gg/modshelf';

/** Error strings of section 8. */
export const ERRORS = {
  userNotFound: 'User not found',
  collectionNotFound: 'Collection not found',
  noRedirect: 'No redirect location found in response',
  pageNotFound: (path: string) => `Page Not Found: ${path}`,
  fallback: { statusCode: 1000, message: 'Unknown error' },
  genericTitle: 'An error occurred',
  shortTitle: 'Error',
  heading: 'An error occurred!',
  languageLoad: 'Cannot load this language. Try again in a bit.',
  tokenDelete: 'Are you sure you want to delete this token? This will remove this token forever.',
  passwordsMismatch: 'Passwords do not match!',
} as const;
