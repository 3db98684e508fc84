import Database from 'better-sqlite3';
import {
  CredentialConflictError,
  type AccountRecord,
  type CredentialStore,
  type TicketRecord,
  type TokenKind,
  type TokenRecord,
  type TotpRecord,
  type UserRole,
} from './port';
import { openSqliteFile } from '../sqlite/open-file';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  user_id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  username_lower TEXT NOT NULL UNIQUE,
  email TEXT,
  email_lower TEXT UNIQUE,
  email_verified INTEGER NOT NULL DEFAULT 0,
  password_hash TEXT,
  role TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  ref_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES accounts(user_id) ON DELETE CASCADE,
  scopes INTEGER NOT NULL,
  expires TEXT,
  created TEXT NOT NULL,
  last_used TEXT,
  meta TEXT
);
CREATE INDEX IF NOT EXISTS tokens_user ON tokens(user_id, kind);
CREATE INDEX IF NOT EXISTS tokens_ref ON tokens(ref_id);
CREATE TABLE IF NOT EXISTS totp (
  user_id TEXT PRIMARY KEY REFERENCES accounts(user_id) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  recovery TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tickets (
  key TEXT NOT NULL,
  kind TEXT NOT NULL,
  user_id TEXT REFERENCES accounts(user_id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  expires TEXT NOT NULL,
  PRIMARY KEY (key, kind)
);
CREATE INDEX IF NOT EXISTS tickets_user ON tickets(user_id, kind);
`;

interface AccountRow {
  user_id: string;
  username: string;
  email: string | null;
  email_verified: number;
  password_hash: string | null;
  role: string;
}
interface TokenRow {
  hash: string;
  kind: string;
  ref_id: string;
  user_id: string;
  scopes: number;
  expires: string | null;
  created: string;
  last_used: string | null;
  meta: string | null;
}

const toAccount = (r: AccountRow): AccountRecord => ({
  userId: r.user_id,
  username: r.username,
  email: r.email,
  emailVerified: r.email_verified === 1,
  passwordHash: r.password_hash,
  role: r.role as UserRole,
});
const toToken = (r: TokenRow): TokenRecord => ({
  hash: r.hash,
  kind: r.kind as TokenKind,
  refId: r.ref_id,
  userId: r.user_id,
  scopes: Number(r.scopes),
  expires: r.expires,
  created: r.created,
  lastUsed: r.last_used,
  ...(r.meta ? { meta: JSON.parse(r.meta) } : {}),
});

function conflictFrom(err: unknown): never {
  const msg = err instanceof Error ? err.message : '';
  if (/UNIQUE constraint failed: accounts\.username_lower/.test(msg)) throw new CredentialConflictError('username');
  if (/UNIQUE constraint failed: accounts\.email_lower/.test(msg)) throw new CredentialConflictError('email');
  throw err;
}

export interface SqliteCredentialStoreOptions {
  /** file path (e.g. `${DATA_DIR}/credentials.db`) or ':memory:' */
  path: string;
}

/** The embedded credential vault: its own SQLite file, separate from the event log. */
export class SqliteCredentialStore implements CredentialStore {
  readonly db: Database.Database;
  private readonly s;

  constructor(options: SqliteCredentialStoreOptions) {
    this.db = openSqliteFile(options.path, { synchronous: 'normal' });
    this.db.pragma('foreign_keys = ON');
    // secure_delete overwrites deleted content so forgotten data does not linger in free pages
    this.db.pragma('secure_delete = ON');
    this.db.exec(SCHEMA);
    const db = this.db;
    this.s = {
      insertAccount: db.prepare(
        'INSERT INTO accounts (user_id, username, username_lower, email, email_lower, email_verified, password_hash, role) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      byId: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE user_id = ?'),
      byUsername: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE username_lower = ?'),
      byEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email_lower = ?'),
      setUsername: db.prepare('UPDATE accounts SET username = ?, username_lower = ? WHERE user_id = ?'),
      setEmail: db.prepare('UPDATE accounts SET email = ?, email_lower = ?, email_verified = ? WHERE user_id = ?'),
      setVerified: db.prepare('UPDATE accounts SET email_verified = ? WHERE user_id = ?'),
      setPassword: db.prepare('UPDATE accounts SET password_hash = ? WHERE user_id = ?'),
      setRole: db.prepare('UPDATE accounts SET role = ? WHERE user_id = ?'),
      deleteAccount: db.prepare('DELETE FROM accounts WHERE user_id = ?'),
      accountIds: db.prepare<[], { user_id: string }>('SELECT user_id FROM accounts ORDER BY user_id'),
      deleteUserTokens: db.prepare('DELETE FROM tokens WHERE user_id = ?'),
      deleteUserTotp: db.prepare('DELETE FROM totp WHERE user_id = ?'),
      deleteUserTickets: db.prepare('DELETE FROM tickets WHERE user_id = ?'),
      putToken: db.prepare(
        'INSERT OR REPLACE INTO tokens (hash, kind, ref_id, user_id, scopes, expires, created, last_used, meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      findToken: db.prepare<[string], TokenRow & { a_username: string; a_email: string | null; a_verified: number; a_password: string | null; a_role: string }>(
        `SELECT t.*, a.username AS a_username, a.email AS a_email, a.email_verified AS a_verified, a.password_hash AS a_password, a.role AS a_role
         FROM tokens t JOIN accounts a ON a.user_id = t.user_id WHERE t.hash = ?`,
      ),
      touch: db.prepare('UPDATE tokens SET last_used = ? WHERE hash = ?'),
      // two statements: the pragma alone costs a third less than its table-valued form, total_changes() reads no table
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      totalChanges: db.prepare<[], number>('SELECT total_changes()').pluck(),
      updScopes: db.prepare('UPDATE tokens SET scopes = ? WHERE ref_id = ?'),
      updExpires: db.prepare('UPDATE tokens SET expires = ? WHERE ref_id = ?'),
      deleteToken: db.prepare('DELETE FROM tokens WHERE hash = ?'),
      deleteByRef: db.prepare('DELETE FROM tokens WHERE ref_id = ?'),
      deleteByRefPrefix: db.prepare('DELETE FROM tokens WHERE substr(ref_id, 1, length(?)) = ?'),
      listTicketsOf: db.prepare<[string, string], { key: string; kind: string; user_id: string | null; data: string; expires: string }>(
        'SELECT * FROM tickets WHERE user_id = ? AND kind = ? ORDER BY rowid',
      ),
      listTokens: db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE user_id = ? ORDER BY created'),
      listTokensKind: db.prepare<[string, string], TokenRow>('SELECT * FROM tokens WHERE user_id = ? AND kind = ? ORDER BY created'),
      getTotp: db.prepare<[string], { user_id: string; secret: string; enabled: number; recovery: string }>('SELECT * FROM totp WHERE user_id = ?'),
      putTotp: db.prepare('INSERT OR REPLACE INTO totp (user_id, secret, enabled, recovery) VALUES (?, ?, ?, ?)'),
      setRecovery: db.prepare('UPDATE totp SET recovery = ? WHERE user_id = ?'),
      putTicket: db.prepare('INSERT OR REPLACE INTO tickets (key, kind, user_id, data, expires) VALUES (?, ?, ?, ?, ?)'),
      getTicket: db.prepare<[string, string], { key: string; kind: string; user_id: string | null; data: string; expires: string }>(
        'SELECT * FROM tickets WHERE key = ? AND kind = ?',
      ),
      deleteTicket: db.prepare('DELETE FROM tickets WHERE key = ? AND kind = ?'),
      deleteTicketsOf: db.prepare('DELETE FROM tickets WHERE user_id = ? AND kind = ?'),
      purgeTickets: db.prepare('DELETE FROM tickets WHERE expires < ?'),
    };
  }

  async createAccount(a: AccountRecord): Promise<void> {
    try {
      this.s.insertAccount.run(
        a.userId,
        a.username,
        a.username.toLowerCase(),
        a.email,
        a.email ? a.email.toLowerCase() : null,
        a.emailVerified ? 1 : 0,
        a.passwordHash,
        a.role,
      );
    } catch (err) {
      conflictFrom(err);
    }
  }

  async getAccount(userId: string) {
    const r = this.s.byId.get(userId);
    return r ? toAccount(r) : null;
  }
  async findByUsername(username: string) {
    const r = this.s.byUsername.get(username.toLowerCase());
    return r ? toAccount(r) : null;
  }
  async findByEmail(email: string) {
    const r = this.s.byEmail.get(email.toLowerCase());
    return r ? toAccount(r) : null;
  }
  async findByLogin(login: string) {
    return (await this.findByUsername(login)) ?? (login.includes('@') ? await this.findByEmail(login) : null);
  }

  async setUsername(userId: string, username: string) {
    try {
      this.s.setUsername.run(username, username.toLowerCase(), userId);
    } catch (err) {
      conflictFrom(err);
    }
  }
  async setEmail(userId: string, email: string | null, verified = false) {
    try {
      this.s.setEmail.run(email, email ? email.toLowerCase() : null, verified ? 1 : 0, userId);
    } catch (err) {
      conflictFrom(err);
    }
  }
  async setEmailVerified(userId: string, verified: boolean) {
    this.s.setVerified.run(verified ? 1 : 0, userId);
  }
  async setPasswordHash(userId: string, hash: string | null) {
    this.s.setPassword.run(hash, userId);
  }
  async setRole(userId: string, role: UserRole) {
    this.s.setRole.run(role, userId);
  }
  async deleteAccount(userId: string) {
    this.db
      .transaction(() => {
        this.s.deleteUserTokens.run(userId);
        this.s.deleteUserTotp.run(userId);
        this.s.deleteUserTickets.run(userId);
        this.s.deleteAccount.run(userId);
      })
      .immediate();
  }

  async listAccountIds() {
    return this.s.accountIds.all().map((r) => r.user_id);
  }

  async putToken(t: TokenRecord) {
    this.s.putToken.run(t.hash, t.kind, t.refId, t.userId, t.scopes, t.expires, t.created, t.lastUsed, t.meta ? JSON.stringify(t.meta) : null);
  }
  /**
   * `PRAGMA data_version` changes when another connection (another process sharing the file) commits;
   * `total_changes()` counts the rows this connection wrote. Together: any change, from anywhere.
   */
  changeMark(): string {
    return `${this.s.dataVersion.get()}:${this.s.totalChanges.get()}`;
  }
  async findToken(hash: string) {
    const r = this.s.findToken.get(hash);
    if (!r) return null;
    return {
      token: toToken(r),
      account: toAccount({
        user_id: r.user_id,
        username: r.a_username,
        email: r.a_email,
        email_verified: r.a_verified,
        password_hash: r.a_password,
        role: r.a_role,
      }),
    };
  }
  async touchToken(hash: string, time: string) {
    this.s.touch.run(time, hash);
  }
  async updateTokens(refId: string, changes: { scopes?: number; expires?: string | null }) {
    this.db
      .transaction(() => {
        if (changes.scopes !== undefined) this.s.updScopes.run(changes.scopes, refId);
        if (changes.expires !== undefined) this.s.updExpires.run(changes.expires, refId);
      })
      .immediate();
  }
  async deleteToken(hash: string) {
    this.s.deleteToken.run(hash);
  }
  async deleteTokensByRef(refId: string) {
    return this.s.deleteByRef.run(refId).changes;
  }
  async deleteTokensByRefPrefix(prefix: string) {
    return this.s.deleteByRefPrefix.run(prefix, prefix).changes;
  }
  async listTokens(userId: string, kind?: TokenKind) {
    return (kind ? this.s.listTokensKind.all(userId, kind) : this.s.listTokens.all(userId)).map(toToken);
  }

  async getTotp(userId: string): Promise<TotpRecord | null> {
    const r = this.s.getTotp.get(userId);
    return r ? { userId: r.user_id, secret: r.secret, enabled: r.enabled === 1, recoveryHashes: JSON.parse(r.recovery) } : null;
  }
  async putTotp(t: TotpRecord) {
    this.s.putTotp.run(t.userId, t.secret, t.enabled ? 1 : 0, JSON.stringify(t.recoveryHashes));
  }
  async deleteTotp(userId: string) {
    this.s.deleteUserTotp.run(userId);
  }
  async useRecoveryCode(userId: string, codeHash: string) {
    return this.db
      .transaction(() => {
        const r = this.s.getTotp.get(userId);
        if (!r) return false;
        const codes: string[] = JSON.parse(r.recovery);
        const i = codes.indexOf(codeHash);
        if (i < 0) return false;
        codes.splice(i, 1);
        this.s.setRecovery.run(JSON.stringify(codes), userId);
        return true;
      })
      .immediate();
  }

  async putTicket(t: TicketRecord) {
    this.s.putTicket.run(t.key, t.kind, t.userId, JSON.stringify(t.data), t.expires);
  }
  async takeTicket(key: string, kind: string, now: string) {
    return this.db
      .transaction(() => {
        this.s.purgeTickets.run(now);
        const r = this.s.getTicket.get(key, kind);
        if (!r) return null;
        this.s.deleteTicket.run(key, kind);
        return { key: r.key, kind: r.kind, userId: r.user_id, data: JSON.parse(r.data), expires: r.expires } as TicketRecord;
      })
      .immediate();
  }
  async peekTicket(key: string, kind: string, now: string) {
    const r = this.s.getTicket.get(key, kind);
    if (!r || r.expires < now) return null;
    return { key: r.key, kind: r.kind, userId: r.user_id, data: JSON.parse(r.data), expires: r.expires } as TicketRecord;
  }
  async deleteTickets(userId: string, kind: string) {
    this.s.deleteTicketsOf.run(userId, kind);
  }

  async listTickets(userId: string, kind: string) {
    return this.s.listTicketsOf
      .all(userId, kind)
      .map((r) => ({ key: r.key, kind: r.kind, userId: r.user_id, data: JSON.parse(r.data), expires: r.expires }) as TicketRecord);
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
