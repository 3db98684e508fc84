import { DISPLAY_NAMES as TAG_DISPLAY_NAMES } from '@modshelf/contract/tags';
import { GAME_VERSIONS } from './constants';

/** Formatting rules of spec section 9. */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1,000,000 or more as X.XXM; 10,000 or more as X.Xk; otherwise comma-grouped. */
export function formatNumber(value: number | string): string {
  const x = Number(value);
  if (!Number.isFinite(x)) return '0';
  if (x >= 1_000_000) return `${(x / 1_000_000).toFixed(2)}M`;
  if (x >= 10_000) return `${(x / 1_000).toFixed(1)}k`;
  const [int, frac] = String(x).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const grouped = groupThousands(sign ? int.slice(1) : int);
  return sign + grouped + (frac !== undefined ? `.${frac}` : '');
}

/** Money: floored to cents, $ prefix, two decimals, comma groups. */
export function formatMoney(value: number): string {
  const x = Number(value);
  if (!Number.isFinite(x)) return '$0.00';
  // A tiny epsilon keeps binary fractions such as 0.29*100 = 28.999... from losing a cent.
  const cents = Math.floor(x * 100 + 1e-7);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}$${groupThousands(String(whole))}.${rest}`;
}

const BYTE_UNITS = ['Bytes', 'KiB', 'MiB', 'GiB'] as const;

/** Byte sizes in Bytes, KiB, MiB or GiB with at most two decimals. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const k = 1024;
  const i = Math.min(BYTE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(bytes) / Math.log(k))));
  const value = parseFloat((bytes / k ** i).toFixed(Math.max(0, decimals)));
  return `${value} ${BYTE_UNITS[i]}`;
}

/** The contract's display names, and the ones only the site shows (donation platforms, loaders, features). */
const DISPLAY_NAMES: Record<string, string> = {
  ...TAG_DISPLAY_NAMES,
  bmac: 'Buy Me a Coffee',
  'ko-fi': 'Ko-fi',
  github: 'GitHub',
  zotecore: 'ZoteCore',
  behaviorpack: 'Behavior Pack',
  oled: 'OLED',
};

/** Display name of a category, loader, platform or other tag. */
export function formatCategory(name: string): string {
  const known = DISPLAY_NAMES[name];
  if (known) return known;
  return name
    .split('-')
    .filter((w) => w.length > 0)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

export interface GameVersionLike {
  version: string;
  date?: string;
}

function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/**
 * Collapses the game versions a project supports into ranges joined by an en dash, using the
 * order of all known game versions (the tag list, else the spec list): a run of consecutive known versions becomes "first–last".
 */
export function formatGameVersions(selected: readonly string[], known: readonly (GameVersionLike | string)[] = GAME_VERSIONS): string {
  if (selected.length === 0) return '';
  const all = known.map((v) => (typeof v === 'string' ? { version: v } : v));
  const ordered = all.every((v) => v.date)
    ? [...all].sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!) || naturalCompare(a.version, b.version))
    : [...all].sort((a, b) => naturalCompare(a.version, b.version));
  const index = new Map(ordered.map((v, i) => [v.version, i]));
  const wanted = [...new Set(selected)];
  const inKnown = wanted.filter((v) => index.has(v)).sort((a, b) => index.get(a)! - index.get(b)!);
  const unknown = wanted.filter((v) => !index.has(v)).sort(naturalCompare);
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= inKnown.length; i++) {
    const contiguous = i < inKnown.length && index.get(inKnown[i])! === index.get(inKnown[i - 1])! + 1;
    if (!contiguous) {
      const first = inKnown[start];
      const last = inKnown[i - 1];
      parts.push(first === last ? first : `${first}\u2013${last}`);
      start = i;
    }
  }
  return [...parts, ...unknown].join(', ');
}

/** Relative time ("3 days ago") using Intl. */
export function formatRelativeTime(iso: string, locale = 'en-US', now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(seconds, 'second');
}

export function formatDate(iso: string, locale = 'en-US'): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(t);
}

/** Counts at or above this are shown abbreviated (X.Xk, X.XXM) by formatNumber. */
export const COMPACT_FROM = 10_000;

/**
 * Values for a counted message such as "{count, plural, ...}": `count` is the raw number (so each
 * language picks its plural form, e.g. ru one/few/many), `n` the spec's formatted text to show,
 * and `compact` 'yes' when `n` is abbreviated (then a language may need another form, e.g. ru
 * "12.3k загрузок", governed by the implied "тысяч").
 */
export function countValues<T = string>(value: number, wrap?: (formatted: string) => T): { count: number; n: T | string; compact: 'yes' | 'no' } {
  const count = Number.isFinite(Number(value)) ? Math.abs(Number(value)) : 0;
  const text = formatNumber(value);
  return { count, n: wrap ? wrap(text) : text, compact: count >= COMPACT_FROM ? 'yes' : 'no' };
}

/** US dollars with cents (revenue): $1,234.56. */
export function formatUsd(value: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
}
