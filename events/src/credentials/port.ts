/**
 * The credential vault: personal data and secrets that must not sit in the
 * immutable log (e-mail, password hash, token hashes, 2FA secrets). Deleting an
 * account deletes its rows here, which really forgets them. Both services
 * authenticate requests through it, so a fresh token works at once.
 */

export type TokenKind = 'session' | 'pat' | 'oauth';

export interface TokenRecord {
  /** sha256 hex of the token; the token itself is never stored. */
  hash: string;
  kind: TokenKind;
  /** session id, PAT id or OAuth authorization id. */
  refId: string;
  userId: string;
  /** Modrinth scope bits (sessions: all). Bits fit in 48, so a JS number is exact. */
  scopes: number;
  /** ISO time; null = never expires. */
  expires: string | null;
  created: string;
  lastUsed: string | null;
}

export interface AccountRecord {
  userId: string;
  username: string;
  email: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  role: 'developer' | 'moderator' | 'admin';
}

/** Who is making a request, as resolved from its token. */
export interface Actor {
  userId: string;
  username: string;
  role: 'developer' | 'moderator' | 'admin';
  kind: TokenKind;
  scopes: number;
  tokenRefId: string;
}
