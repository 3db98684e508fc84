/** Expiry and use of personal access tokens: 'expiring in', 'expired ago', 'never used' (spec 2, 4). */

export type ExpiryState = { kind: 'expired'; ms: number } | { kind: 'expiring'; ms: number } | { kind: 'never' };

export function expiryState(expires: string | null | undefined, now = Date.now()): ExpiryState {
  if (!expires) return { kind: 'never' };
  const t = Date.parse(expires);
  if (Number.isNaN(t) || t >= Date.parse('9999-01-01T00:00:00Z')) return { kind: 'never' };
  return t <= now ? { kind: 'expired', ms: now - t } : { kind: 'expiring', ms: t - now };
}

export type UseState = { kind: 'never-used' } | { kind: 'used'; ms: number };

export function lastUseState(lastUsed: string | null | undefined, now = Date.now()): UseState {
  if (!lastUsed) return { kind: 'never-used' };
  const t = Date.parse(lastUsed);
  if (Number.isNaN(t)) return { kind: 'never-used' };
  return { kind: 'used', ms: Math.max(0, now - t) };
}

const UNITS: [string, number][] = [
  ['year', 31_536_000_000],
  ['month', 2_592_000_000],
  ['week', 604_800_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** A duration as its largest whole unit: "3 days", "1 hour", "45 seconds" (for 'expiring in {x}', 'expired {x} ago'). */
export function formatDuration(ms: number, locale: string): string {
  for (const [unit, size] of UNITS) {
    if (ms >= size) return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(Math.floor(ms / size));
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(Math.max(1, Math.floor(ms / 1000)));
}

/** Expiry choices of the token form, in days; the API needs an explicit expiry. */
export const EXPIRY_CHOICES_DAYS = [7, 30, 90, 365] as const;

export function expiryFromDays(days: number, now = Date.now()): string {
  return new Date(now + days * 86_400_000).toISOString();
}
