import { useEffect } from 'react';
import { getDefaultStore, useAtomValue } from 'jotai';
import {
  applyTheme,
  colorModeAtom,
  developerModeAtom,
  displayPreferencesAtom,
  loadColorMode,
  loadDisplayPreferences,
  resolveTheme,
  siteInfoAtom,
} from '@modshelf/web-kit';
import type { RemotesManifest } from './areas';

const DEV_MODE_KEY = 'modshelf:developer-mode';

/** Reads the colour mode and display preference cookies into the shared atoms. */
export function initPreferences(): void {
  const store = getDefaultStore();
  store.set(colorModeAtom, loadColorMode());
  store.set(displayPreferencesAtom, loadDisplayPreferences());
  try {
    store.set(developerModeAtom, localStorage.getItem(DEV_MODE_KEY) === 'true');
  } catch {
    /* storage blocked */
  }
}

/** The site's configuration from the manifest: the community link and the staging flag. */
export function initSiteInfo(manifest: RemotesManifest): void {
  const site = manifest.site;
  if (!site) return;
  const store = getDefaultStore();
  store.set(siteInfoAtom, { communityUrl: site.community_url || store.get(siteInfoAtom).communityUrl, staging: site.staging });
}

export function saveDeveloperMode(on: boolean): void {
  try {
    localStorage.setItem(DEV_MODE_KEY, String(on));
  } catch {
    /* storage blocked */
  }
}

/** Paints the theme for the current colour mode and follows the system setting in 'system' mode. */
export function useThemeEffect(): void {
  const mode = useAtomValue(colorModeAtom);
  const prefs = useAtomValue(displayPreferencesAtom);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const paint = () => applyTheme(resolveTheme(mode, mq.matches, prefs.preferredDarkTheme));
    paint();
    mq.addEventListener('change', paint);
    return () => mq.removeEventListener('change', paint);
  }, [mode, prefs.preferredDarkTheme]);
  // advanced rendering off: no blur, shadows, transitions or animations (shell.css, [data-effects="off"])
  useEffect(() => {
    document.documentElement.dataset.effects = prefs.advancedRendering ? 'on' : 'off';
  }, [prefs.advancedRendering]);
}
