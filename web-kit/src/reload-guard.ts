import { RELOAD_GUARD_MS } from './constants';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY_PREFIX = 'modshelf:reloaded:';

/**
 * When a new build is found a reload is forced, at most once per 10 seconds for the same path.
 * Returns true (and records the attempt) when a reload may happen now.
 */
export function claimReload(path: string, store: KeyValueStore, now = Date.now(), guardMs = RELOAD_GUARD_MS): boolean {
  const key = KEY_PREFIX + path;
  const raw = store.getItem(key);
  const last = raw === null ? NaN : Number(raw);
  if (Number.isFinite(last) && now - last < guardMs) return false;
  store.setItem(key, String(now));
  return true;
}

export class DeveloperModeCounter {
  private clicks = 0;
  constructor(private readonly needed: number) {}
  /** Counts a logo click; returns true when it completes a series that toggles developer mode. */
  click(): boolean {
    this.clicks++;
    if (this.clicks >= this.needed) {
      this.clicks = 0;
      return true;
    }
    return false;
  }
}
