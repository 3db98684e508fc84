/**
 * API token scopes (spec section 6) as the API numbers them: bit positions of Modrinth's
 * scope mask. Masks go past 32 bits, so they are combined with arithmetic, never with | or &.
 */
export const SCOPE_NAMES = [
  'USER_READ_EMAIL',
  'USER_READ',
  'USER_WRITE',
  'USER_DELETE',
  'USER_AUTH_WRITE',
  'NOTIFICATION_READ',
  'NOTIFICATION_WRITE',
  'PAYOUTS_READ',
  'PAYOUTS_WRITE',
  'ANALYTICS',
  'PROJECT_CREATE',
  'PROJECT_READ',
  'PROJECT_WRITE',
  'PROJECT_DELETE',
  'VERSION_CREATE',
  'VERSION_READ',
  'VERSION_WRITE',
  'VERSION_DELETE',
  'REPORT_CREATE',
  'REPORT_READ',
  'REPORT_WRITE',
  'REPORT_DELETE',
  'THREAD_READ',
  'THREAD_WRITE',
  'PAT_CREATE',
  'PAT_READ',
  'PAT_WRITE',
  'PAT_DELETE',
  'SESSION_READ',
  'SESSION_DELETE',
  'PERFORM_ANALYTICS',
  'COLLECTION_CREATE',
  'COLLECTION_READ',
  'COLLECTION_WRITE',
  'COLLECTION_DELETE',
  'ORGANIZATION_CREATE',
  'ORGANIZATION_READ',
  'ORGANIZATION_WRITE',
  'ORGANIZATION_DELETE',
  'SESSION_ACCESS',
] as const;
export type ScopeName = (typeof SCOPE_NAMES)[number];

/** Scopes a personal access token may not carry (the API refuses them). */
export const RESTRICTED_SCOPES: readonly ScopeName[] = [
  'USER_DELETE',
  'USER_AUTH_WRITE',
  'PAT_CREATE',
  'PAT_READ',
  'PAT_WRITE',
  'PAT_DELETE',
  'SESSION_READ',
  'SESSION_DELETE',
  'PERFORM_ANALYTICS',
  'SESSION_ACCESS',
];

/** The scopes offered when creating a token (the spec's list less the restricted ones). */
export const PAT_SCOPES: readonly ScopeName[] = SCOPE_NAMES.filter((s) => !RESTRICTED_SCOPES.includes(s));

/** Scopes an OAuth application may ask for (SESSION_ACCESS never leaves a session). */
export const APP_SCOPES: readonly ScopeName[] = SCOPE_NAMES.filter((s) => s !== 'SESSION_ACCESS');

export function scopeBit(name: ScopeName): number {
  return 2 ** SCOPE_NAMES.indexOf(name);
}

export function hasScope(mask: number, name: ScopeName): boolean {
  return Math.floor(mask / scopeBit(name)) % 2 === 1;
}

export function scopesToMask(names: readonly ScopeName[]): number {
  return [...new Set(names)].reduce((acc, n) => acc + scopeBit(n), 0);
}

export function maskToScopes(mask: number): ScopeName[] {
  return SCOPE_NAMES.filter((n) => hasScope(mask, n));
}

/** "PROJECT_READ" -> "Project read" (the spec's wording: "project read", "user read email", ...). */
export function scopeLabel(name: string): string {
  const words = name.toLowerCase().split('_');
  const text = words.join(' ').replace(/^pat /, 'PAT ');
  return text[0].toUpperCase() + text.slice(1);
}
