import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialStoreContract } from './contract';
import { SqliteCredentialStore } from './sqlite';

credentialStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vault-'));
  const vault = new SqliteCredentialStore({ path: join(dir, 'credentials.db') });
  return {
    vault,
    cleanup: async () => {
      await vault.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteCredentialStore on disk', () => {
  it('leaves no trace of a deleted account in the file (secure_delete)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const path = join(dir, 'credentials.db');
    const v = new SqliteCredentialStore({ path });
    const now = new Date().toISOString();
    await v.createAccount({
      userId: 'AAAAAAAA',
      username: 'alice',
      email: 'secret-mail@example.org',
      emailVerified: false,
      passwordHash: 'ARGONHASHVALUE',
      role: 'developer',
    });
    await v.putToken({ hash: 'tokenhash', kind: 'session', refId: 'SSSSSSSS', userId: 'AAAAAAAA', scopes: 1, expires: null, created: now, lastUsed: null });
    await v.putTotp({ userId: 'AAAAAAAA', secret: 'TOTPSECRETVALUE', enabled: true, recoveryHashes: [] });
    await v.deleteAccount('AAAAAAAA');
    v.db.pragma('wal_checkpoint(TRUNCATE)');
    await v.close();
    const bytes = readFileSync(path).toString('latin1');
    for (const secret of ['secret-mail@example.org', 'TOTPSECRETVALUE', 'ARGONHASHVALUE']) expect(bytes).not.toContain(secret);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps accounts across reopening the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'));
    const path = join(dir, 'credentials.db');
    const a = new SqliteCredentialStore({ path });
    await a.createAccount({ userId: 'BBBBBBBB', username: 'bob', email: null, emailVerified: false, passwordHash: 'h', role: 'admin' });
    await a.close();
    const b = new SqliteCredentialStore({ path });
    expect((await b.findByUsername('BOB'))?.role).toBe('admin');
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
