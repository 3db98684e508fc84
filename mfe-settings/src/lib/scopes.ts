/**
 * API token scopes (spec section 6): the contract's bits up to SESSION_ACCESS, the spec's list.
 * Masks go past 32 bits, so the contract combines them with arithmetic, never with | or &.
 */
import { hasScope, namesToScopes, RESTRICTED_SCOPES, SCOPE_BITS, type ScopeName } from '@modshelf/contract/scopes';

export { hasScope, RESTRICTED_SCOPES, type ScopeName };

/** The spec's scopes in bit order: every contract scope up to SESSION_ACCESS. */
export const SCOPE_NAMES: readonly ScopeName[] = (Object.keys(SCOPE_BITS) as ScopeName[]).filter((n) => SCOPE_BITS[n] <= SCOPE_BITS.SESSION_ACCESS);

/** The scopes offered when creating a token (the spec's list less the restricted ones). */
export const PAT_SCOPES: readonly ScopeName[] = SCOPE_NAMES.filter((s) => !RESTRICTED_SCOPES.includes(s));

/** Scopes an OAuth application may ask for (SESSION_ACCESS never leaves a session). */
export const APP_SCOPES: readonly ScopeName[] = SCOPE_NAMES.filter((s) => s !== 'SESSION_ACCESS');

export const scopesToMask = (names: readonly ScopeName[]): number => namesToScopes([...names]);

export function maskToScopes(mask: number): ScopeName[] {
  return SCOPE_NAMES.filter((n) => hasScope(mask, n));
}

/** "PROJECT_READ" -> "Project read" (the spec's wording: "project read", "user read email", ...). */
export function scopeLabel(name: string): string {
  const words = name.toLowerCase().split('_');
  const text = words.join(' ').replace(/^pat /, 'PAT ');
  return text[0].toUpperCase() + text.slice(1);
}
