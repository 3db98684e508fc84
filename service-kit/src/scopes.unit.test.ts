import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, RESTRICTED_MASK, hasScope, isValidScopeMask, namesToScopes, scope, scopesToNames } from './scopes';

describe('scopes', () => {
  it('uses Modrinth bit positions', () => {
    expect(scope('USER_READ_EMAIL')).toBe(1);
    expect(scope('PROJECT_CREATE')).toBe(1024);
    expect(scope('SESSION_ACCESS')).toBe(2 ** 39);
    expect(ALL_SCOPES).toBe(2 ** 48 - 1);
  });
  it('round-trips names and masks above 32 bits', () => {
    const mask = namesToScopes(['ORGANIZATION_DELETE', 'USER_READ', 'COLLECTION_READ']);
    expect(scopesToNames(mask).sort()).toEqual(['COLLECTION_READ', 'ORGANIZATION_DELETE', 'USER_READ']);
    expect(hasScope(mask, 'ORGANIZATION_DELETE')).toBe(true);
    expect(hasScope(mask, 'ORGANIZATION_WRITE')).toBe(false);
  });
  it('knows restricted and invalid masks', () => {
    expect(hasScope(RESTRICTED_MASK, 'PAT_CREATE')).toBe(true);
    expect(hasScope(RESTRICTED_MASK, 'PROJECT_READ')).toBe(false);
    expect(isValidScopeMask(2 ** 48)).toBe(false);
    expect(isValidScopeMask(-1)).toBe(false);
    expect(isValidScopeMask(3)).toBe(true);
  });
});
