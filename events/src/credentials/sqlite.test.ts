import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CredentialConflictError } from './port';
import { SqliteCredentialStore } from './sqlite';

const account = (userId: string, username: string, email: string | null = null) => ({
  userId, username, email, emailVerified: false, passwordHash: 'hash-' + userId, role: 'developer' as const,
});
const now = new Date().toISOString();

describe('SqliteCredentialStore', () => {
  it('reserves usernames and e-mails case-insensitively', async () => {
    const v = new SqliteCredentialStore({ path: ':memory:' });
    await v.createAccount(account('AAAAAAAA', 'Alice', 'a@x.org'));
    await expect(v.createAccount(account('BBBBBBBB', 'alice'))).rejects.toBeInstanceOf(CredentialConflictError);
    await expect(v.createAccount(account('BBBBBBBB', 'bob', 'A@X.ORG'))).rejects.toMatchObject({ field: 'email' });
    await v.createAccount(account('BBBBBBBB', 'bob'));
    await expect(v.setUsername('BBBBBBBB', 'ALICE')).rejects.toMatchObject({ field: 'username' });
    await v.setUsername('AAAAAAAA', 'ALICE');
    expect((await v.findByLogin('alice'))?.userId).toBe('AAAAAAAA');
    expect((await v.findByLogin('a@X.org'))?.username).toBe('ALICE');
    await v.close();
  });

  it('resolves tokens with their account, updates and deletes them', async () => {
    const v = new SqliteCredentialStore({ path: ':memory:' });
    await v.createAccount(account('AAAAAAAA', 'alice'));
    await v.putToken({ hash: 'h1', kind: 'pat', refId: 'PPPPPPPP', userId: 'AAAAAAAA', scopes: 2 ** 40 + 2, expires: null, created: now, lastUsed: null, meta: { name: 'x' } });
    const found = await v.findToken('h1');
    expect(found?.token.scopes).toBe(2 ** 40 + 2);
    expect(found?.account.username).toBe('alice');
    await v.touchToken('h1', now);
    await v.updateTokens('PPPPPPPP', { scopes: 4 });
    expect((await v.findToken('h1'))?.token).toMatchObject({ scopes: 4, lastUsed: now, meta: { name: 'x' } });
    expect(await v.deleteTokensByRef('PPPPPPPP')).toBe(1);
    expect(await v.findToken('h1')).toBeNull();
    await v.close();
  });

  it('uses recovery codes once and tickets once', async () => {
    const v = new SqliteCredentialStore({ path: ':memory:' });
    await v.createAccount(account('AAAAAAAA', 'alice'));
    await v.putTotp({ userId: 'AAAAAAAA', secret: 'S', enabled: true, recoveryHashes: ['r1', 'r2'] });
    expect(await v.useRecoveryCode('AAAAAAAA', 'r1')).toBe(true);
    expect(await v.useRecoveryCode('AAAAAAAA', 'r1')).toBe(false);
    await v.putTicket({ key: 'k', kind: 'flow', userId: 'AAAAAAAA', data: { a: 1 }, expires: '2999-01-01T00:00:00.000Z' });
    expect((await v.takeTicket('k', 'flow', now))?.data).toEqual({ a: 1 });
    expect(await v.takeTicket('k', 'flow', now)).toBeNull();
    await v.putTicket({ key: 'old', kind: 'flow', userId: null, data: {}, expires: '2000-01-01T00:00:00.000Z' });
    expect(await v.takeTicket('old', 'flow', now)).toBeNull();
    await v.close();
  });

  it('forgets everything of a deleted account, on disk too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const path = join(dir, 'credentials.db');
    const v = new SqliteCredentialStore({ path });
    await v.createAccount(account('AAAAAAAA', 'alice', 'secret-mail@example.org'));
    await v.putToken({ hash: 'tokenhash', kind: 'session', refId: 'SSSSSSSS', userId: 'AAAAAAAA', scopes: 1, expires: null, created: now, lastUsed: null });
    await v.putTotp({ userId: 'AAAAAAAA', secret: 'TOTPSECRETVALUE', enabled: true, recoveryHashes: [] });
    await v.putTicket({ key: 'k', kind: 'verify', userId: 'AAAAAAAA', data: {}, expires: '2999-01-01T00:00:00.000Z' });
    await v.deleteAccount('AAAAAAAA');
    expect(await v.getAccount('AAAAAAAA')).toBeNull();
    expect(await v.findToken('tokenhash')).toBeNull();
    expect(await v.getTotp('AAAAAAAA')).toBeNull();
    expect(await v.peekTicket('k', 'verify', now)).toBeNull();
    v.db.pragma('wal_checkpoint(TRUNCATE)');
    await v.close();
    const bytes = readFileSync(path).toString('latin1');
    expect(bytes).not.toContain('secret-mail@example.org');
    expect(bytes).not.toContain('TOTPSECRETVALUE');
    rmSync(dir, { recursive: true, force: true });
  });
});
