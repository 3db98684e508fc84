import {
  COLOR_MODES,
  COLOR_MODE_COOKIE,
  COOKIE_NAMES,
  DARK_THEMES,
  DEFAULT_LAYOUT,
  DISPLAY_PREFERENCES_COOKIE,
  DISPLAY_PREFERENCE_DEFAULTS,
  LAYOUTS,
  type ColorMode,
  type DarkTheme,
  type DisplayPreferences,
  type Layout,
  type LayoutPage,
  type Theme,
} from './constants';
import { readCookie, writeCookie } from './cookies';

/** The preferred dark theme must be dark, oled or retro; anything else falls back to dark. */
export function sanitizePreferredDarkTheme(value: unknown): DarkTheme {
  return (DARK_THEMES as readonly unknown[]).includes(value) ? (value as DarkTheme) : 'dark';
}

export function parseColorMode(value: unknown): ColorMode {
  return (COLOR_MODES as readonly unknown[]).includes(value) ? (value as ColorMode) : 'system';
}

/** The theme actually painted. */
export function resolveTheme(mode: ColorMode, systemPrefersDark: boolean, preferredDark: unknown): Theme {
  if (mode === 'system') return systemPrefersDark ? sanitizePreferredDarkTheme(preferredDark) : 'light';
  return mode;
}

/** The 'cycle' action: light goes to the preferred dark theme, any dark theme goes to light. */
export function cycleColorMode(current: Theme, preferredDark: unknown): Theme {
  return current === 'light' ? sanitizePreferredDarkTheme(preferredDark) : 'light';
}

export function parseDisplayPreferences(raw: string | undefined): DisplayPreferences {
  let parsed: Partial<DisplayPreferences> = {};
  if (raw) {
    try {
      const v = JSON.parse(raw);
      if (v && typeof v === 'object') parsed = v;
    } catch {
      parsed = {};
    }
  }
  const out: DisplayPreferences = { ...DISPLAY_PREFERENCE_DEFAULTS };
  for (const key of Object.keys(DISPLAY_PREFERENCE_DEFAULTS) as (keyof DisplayPreferences)[]) {
    const def = DISPLAY_PREFERENCE_DEFAULTS[key];
    const val = parsed[key];
    if (typeof val === typeof def) Object.assign(out, { [key]: val });
  }
  out.preferredDarkTheme = sanitizePreferredDarkTheme(parsed.preferredDarkTheme);
  const layouts: Partial<Record<LayoutPage, Layout>> = {};
  const raw2 = parsed.layouts && typeof parsed.layouts === 'object' ? (parsed.layouts as Record<string, unknown>) : {};
  for (const page of Object.keys(DEFAULT_LAYOUT) as LayoutPage[]) {
    const v = raw2[page];
    if (typeof v === 'string' && (LAYOUTS as readonly string[]).includes(v)) layouts[page] = v as Layout;
  }
  if (Object.keys(layouts).length) out.layouts = layouts;
  return out;
}

export function loadDisplayPreferences(): DisplayPreferences {
  return parseDisplayPreferences(readCookie(COOKIE_NAMES.displayPreferences));
}

export function saveDisplayPreferences(p: DisplayPreferences): void {
  writeCookie(COOKIE_NAMES.displayPreferences, JSON.stringify(p), DISPLAY_PREFERENCES_COOKIE);
}

export function loadColorMode(): ColorMode {
  return parseColorMode(readCookie(COOKIE_NAMES.colorMode));
}

export function saveColorMode(mode: ColorMode): void {
  writeCookie(COOKIE_NAMES.colorMode, mode, COLOR_MODE_COOKIE);
}

export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme === 'light' ? 'light' : 'dark';
}
