/** Modrinth's PAT scope bits (models/v3/pats.rs), serialized as an integer. */
export const SCOPE_BITS = {
  USER_READ_EMAIL: 0,
  USER_READ: 1,
  USER_WRITE: 2,
  USER_DELETE: 3,
  USER_AUTH_WRITE: 4,
  NOTIFICATION_READ: 5,
  NOTIFICATION_WRITE: 6,
  PAYOUTS_READ: 7,
  PAYOUTS_WRITE: 8,
  ANALYTICS: 9,
  PROJECT_CREATE: 10,
  PROJECT_READ: 11,
  PROJECT_WRITE: 12,
  PROJECT_DELETE: 13,
  VERSION_CREATE: 14,
  VERSION_READ: 15,
  VERSION_WRITE: 16,
  VERSION_DELETE: 17,
  REPORT_CREATE: 18,
  REPORT_READ: 19,
  REPORT_WRITE: 20,
  REPORT_DELETE: 21,
  THREAD_READ: 22,
  THREAD_WRITE: 23,
  PAT_CREATE: 24,
  PAT_READ: 25,
  PAT_WRITE: 26,
  PAT_DELETE: 27,
  SESSION_READ: 28,
  SESSION_DELETE: 29,
  PERFORM_ANALYTICS: 30,
  COLLECTION_CREATE: 31,
  COLLECTION_READ: 32,
  COLLECTION_WRITE: 33,
  COLLECTION_DELETE: 34,
  ORGANIZATION_CREATE: 35,
  ORGANIZATION_READ: 36,
  ORGANIZATION_WRITE: 37,
  ORGANIZATION_DELETE: 38,
  SESSION_ACCESS: 39,
  SHARED_INSTANCE_CREATE: 40,
  SHARED_INSTANCE_READ: 41,
  SHARED_INSTANCE_WRITE: 42,
  SHARED_INSTANCE_DELETE: 43,
  SHARED_INSTANCE_VERSION_CREATE: 44,
  SHARED_INSTANCE_VERSION_READ: 45,
  SHARED_INSTANCE_VERSION_WRITE: 46,
  SHARED_INSTANCE_VERSION_DELETE: 47,
} as const;

export type ScopeName = keyof typeof SCOPE_BITS;

/** Scope bits fit in 48 bits, so plain numbers are exact; use arithmetic, not 32-bit bitwise ops. */
export const scope = (name: ScopeName): number => 2 ** SCOPE_BITS[name];

export const ALL_SCOPES: number = (Object.values(SCOPE_BITS) as number[]).reduce((acc: number, bit: number) => acc + 2 ** bit, 0);

/** Scopes a PAT may never carry (Scopes::restricted()). */
export const RESTRICTED_SCOPES: ScopeName[] = [
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
export const RESTRICTED_MASK: number = RESTRICTED_SCOPES.reduce((acc, n) => acc + scope(n), 0);

export function hasScope(scopes: number, name: ScopeName): boolean {
  return Math.floor(scopes / scope(name)) % 2 === 1;
}

export function scopesToNames(scopes: number): ScopeName[] {
  return (Object.keys(SCOPE_BITS) as ScopeName[]).filter((n) => hasScope(scopes, n));
}

export function namesToScopes(names: ScopeName[]): number {
  return [...new Set(names)].reduce((acc, n) => acc + scope(n), 0);
}

/** True when `scopes` uses only defined bits. */
export function isValidScopeMask(scopes: number): boolean {
  return Number.isSafeInteger(scopes) && scopes >= 0 && scopesToNames(scopes).reduce((a, n) => a + scope(n), 0) === scopes;
}

/** Project team permission bits (models/v3/teams.rs). */
export const PROJECT_PERMISSIONS = {
  UPLOAD_VERSION: 1 << 0,
  DELETE_VERSION: 1 << 1,
  EDIT_DETAILS: 1 << 2,
  EDIT_BODY: 1 << 3,
  MANAGE_INVITES: 1 << 4,
  REMOVE_MEMBER: 1 << 5,
  EDIT_MEMBER: 1 << 6,
  DELETE_PROJECT: 1 << 7,
  VIEW_ANALYTICS: 1 << 8,
  VIEW_PAYOUTS: 1 << 9,
} as const;
export const ALL_PROJECT_PERMISSIONS = (1 << 10) - 1;

/** Organization permission bits. */
export const ORGANIZATION_PERMISSIONS = {
  EDIT_DETAILS: 1 << 0,
  MANAGE_INVITES: 1 << 1,
  REMOVE_MEMBER: 1 << 2,
  EDIT_MEMBER: 1 << 3,
  ADD_PROJECT: 1 << 4,
  REMOVE_PROJECT: 1 << 5,
  DELETE_ORGANIZATION: 1 << 6,
  EDIT_MEMBER_DEFAULT_PERMISSIONS: 1 << 7,
} as const;
export const ALL_ORGANIZATION_PERMISSIONS = (1 << 8) - 1;
