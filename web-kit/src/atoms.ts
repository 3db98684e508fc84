import { atom } from 'jotai';
import { DEFAULT_LOCALE, type ColorMode, type DisplayPreferences, type Locale } from './constants';
import { DISCORD_HELP_URL, DISPLAY_PREFERENCE_DEFAULTS } from './constants';
import type { User } from './types';

/** The site language; the shell owns changes (cookie + hl) and remotes read it. */
export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
export const colorModeAtom = atom<ColorMode>('system');
export const displayPreferencesAtom = atom<DisplayPreferences>({ ...DISPLAY_PREFERENCE_DEFAULTS });
export const developerModeAtom = atom<boolean>(false);

export interface Session {
  /** a bearer token when one is held in memory; null when the HttpOnly session cookie carries it */
  token: string | null;
  user: User | null;
}
/** The signed-in session, or null for an anonymous visitor. */
export const sessionAtom = atom<Session | null>(null);

/** What the site's configuration says (COMMUNITY_URL, STAGING); the shell sets it from /remotes.json. */
export interface SiteInfo {
  communityUrl: string;
  staging: boolean;
}
export const siteInfoAtom = atom<SiteInfo>({ communityUrl: DISCORD_HELP_URL, staging: false });
