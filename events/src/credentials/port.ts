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
  /** Small non-secret details (session OS/platform, OAuth client id, ...). */
  meta?: Record<string, string | null>;
}

export type UserRole = 'developer' | 'moderator' | 'admin';

export interface AccountRecord {
  userId: string;
  username: string;
  email: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  role: UserRole;
}

/** Who is making a request, as resolved from its token. */
export interface Actor {
  userId: string;
  username: string;
  role: UserRole;
  kind: TokenKind;
  scopes: number;
  tokenRefId: string;
}

/** Two-factor state. The secret and recovery-code hashes never leave the vault but through this port. */
export interface TotpRecord {
  userId: string;
  secret: string;
  enabled: boolean;
  /** sha256 hex of each unused recovery code. */
  recoveryHashes: string[];
}

/**
 * A short-lived one-time ticket (2FA sign-in flow, e-mail verification, password
 * reset, OAuth authorization code, ...). Stored by the sha256 of its id when the
 * id is a secret handed to a client.
 */
export interface TicketRecord {
  key: string;
  kind: string;
  userId: string | null;
  data: Record<string, unknown>;
  expires: string;
}

/** Raised when a username or e-mail is already held by another account (case-insensitive). */
export class CredentialConflictError extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`${field} is already taken`);
    this.name = 'CredentialConflictError';
  }
}

export interface CredentialStore {
  /**
   * Reserves username (and e-mail) case-insensitively and stores the secrets.
   * Throws CredentialConflictError when another account holds either; this is
   * the race-free uniqueness check (a unique index).
   */
  createAccount(account: AccountRecord): Promise<void>;
  getAccount(userId: string): Promise<AccountRecord | null>;
  findByUsername(username: string): Promise<AccountRecord | null>;
  findByEmail(email: string): Promise<AccountRecord | null>;
  /** username or e-mail, case-insensitive. */
  findByLogin(login: string): Promise<AccountRecord | null>;
  /** Throws CredentialConflictError when taken by someone else. */
  setUsername(userId: string, username: string): Promise<void>;
  /** Throws CredentialConflictError when taken by someone else. Clears verification unless told otherwise. */
  setEmail(userId: string, email: string | null, verified?: boolean): Promise<void>;
  setEmailVerified(userId: string, verified: boolean): Promise<void>;
  setPasswordHash(userId: string, hash: string | null): Promise<void>;
  setRole(userId: string, role: UserRole): Promise<void>;
  /** Forgets everything about the account: secrets, tokens, 2FA, tickets. */
  deleteAccount(userId: string): Promise<void>;
  /** Every account's user id (maintenance: a restore drops accounts the restored log never registered). */
  listAccountIds(): Promise<string[]>;

  putToken(token: TokenRecord): Promise<void>;
  /** The token and its account, or null when unknown. Does not check expiry. */
  findToken(hash: string): Promise<{ token: TokenRecord; account: AccountRecord } | null>;
  touchToken(hash: string, time: string): Promise<void>;
  updateTokens(refId: string, changes: { scopes?: number; expires?: string | null }): Promise<void>;
  deleteToken(hash: string): Promise<void>;
  /** Deletes every token of a session, PAT or authorization. */
  deleteTokensByRef(refId: string): Promise<number>;
  /** Deletes every token whose ref id starts with the prefix (all grants of an OAuth app: `<appId>:`). */
  deleteTokensByRefPrefix(prefix: string): Promise<number>;
  listTokens(userId: string, kind?: TokenKind): Promise<TokenRecord[]>;

  getTotp(userId: string): Promise<TotpRecord | null>;
  putTotp(record: TotpRecord): Promise<void>;
  deleteTotp(userId: string): Promise<void>;
  /** Removes one recovery code if present; true when it was there (each works once). */
  useRecoveryCode(userId: string, codeHash: string): Promise<boolean>;

  putTicket(ticket: TicketRecord): Promise<void>;
  /** Returns and deletes the ticket atomically (null when missing or expired). */
  takeTicket(key: string, kind: string, now: string): Promise<TicketRecord | null>;
  peekTicket(key: string, kind: string, now: string): Promise<TicketRecord | null>;
  deleteTickets(userId: string, kind: string): Promise<void>;
  listTickets(userId: string, kind: string): Promise<TicketRecord[]>;

  /**
   * Optional: a value that changes whenever the store's content may have changed since it was last asked (a write
   * through this instance, or a commit by any other process or connection sharing the store). A reader may keep
   * what it looked up (a token, its account) while the value stays the same; a store that cannot tell leaves it out.
   */
  changeMark?(): string;

  close(): Promise<void>;
}
