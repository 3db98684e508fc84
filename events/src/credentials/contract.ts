import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { CredentialConflictError, type AccountRecord, type CredentialStore } from './port';

export interface VaultUnderTest {
  vault: CredentialStore;
  cleanup(): Promise<void>;
}

/**
 * The contract every CredentialStore adapter passes. Ids and names are unique
 * per test so adapters backed by a shared server can run it too.
 */
export function credentialStoreContract(adapter: string, make: () => Promise<VaultUnderTest>): void {
  describe(`CredentialStore contract: ${adapter}`, () => {
    let sut: VaultUnderTest;
    let v: CredentialStore;
    let tag: string;
    const now = () => new Date().toISOString();
    const later = '2999-01-01T00:00:00.000Z';
    const account = (username: string, email: string | null = null): AccountRecord => ({
      userId: newId(),
      username,
      email,
      emailVerified: false,
      passwordHash: `hash-${username}`,
      role: 'developer',
    });
    beforeEach(async () => {
      sut = await make();
      v = sut.vault;
      tag = newId().toLowerCase();
    });
    afterEach(async () => {
      await sut.cleanup();
    });

    it('reserves usernames and e-mails case-insensitively', async () => {
      const a = account(`Al_${tag}`, `a_${tag}@x.org`);
      await v.createAccount(a);
      await expect(v.createAccount(account(`al_${tag}`.toUpperCase()))).rejects.toBeInstanceOf(CredentialConflictError);
      await expect(v.createAccount(account(`bo_${tag}`, `A_${tag}@X.ORG`))).rejects.toMatchObject({ field: 'email' });
      const b = account(`bo_${tag}`);
      await v.createAccount(b);
      await expect(v.setUsername(b.userId, `AL_${tag}`)).rejects.toMatchObject({ field: 'username' });
      await v.setUsername(a.userId, `ALICE_${tag}`);
      expect((await v.findByLogin(`alice_${tag}`))?.userId).toBe(a.userId);
      expect((await v.findByLogin(`a_${tag}@X.org`))?.username).toBe(`ALICE_${tag}`);
      expect(await v.findByLogin(`al_${tag}`)).toBeNull();
      await expect(v.setEmail(b.userId, `a_${tag}@x.org`)).rejects.toMatchObject({ field: 'email' });
      await v.setEmail(b.userId, `b_${tag}@x.org`, true);
      expect(await v.getAccount(b.userId)).toMatchObject({ email: `b_${tag}@x.org`, emailVerified: true });
    });

    it('lets exactly one of many concurrent reservations of a name win', async () => {
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => v.createAccount(account(i % 2 ? `race_${tag}` : `RACE_${tag}`))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    });

    it('keeps password hash, role and verification', async () => {
      const a = account(`pw_${tag}`, `pw_${tag}@x.org`);
      await v.createAccount(a);
      await v.setPasswordHash(a.userId, 'new-hash');
      await v.setRole(a.userId, 'moderator');
      await v.setEmailVerified(a.userId, true);
      expect(await v.getAccount(a.userId)).toMatchObject({ passwordHash: 'new-hash', role: 'moderator', emailVerified: true });
    });

    it('resolves tokens with their account, tracks use, updates and deletes them', async () => {
      const a = account(`tok_${tag}`);
      await v.createAccount(a);
      const h = `h1_${tag}`;
      await v.putToken({
        hash: h,
        kind: 'pat',
        refId: `ref_${tag}`,
        userId: a.userId,
        scopes: 2 ** 40 + 2,
        expires: null,
        created: now(),
        lastUsed: null,
        meta: { name: 'x' },
      });
      const found = await v.findToken(h);
      expect(found?.token).toMatchObject({ kind: 'pat', scopes: 2 ** 40 + 2, meta: { name: 'x' } });
      expect(found?.account.username).toBe(a.username);
      const t = now();
      await v.touchToken(h, t);
      await v.updateTokens(`ref_${tag}`, { scopes: 4, expires: later });
      expect((await v.findToken(h))?.token).toMatchObject({ scopes: 4, lastUsed: t, expires: later });
      expect((await v.listTokens(a.userId, 'pat')).map((x) => x.hash)).toEqual([h]);
      expect(await v.listTokens(a.userId, 'session')).toEqual([]);
      expect(await v.deleteTokensByRef(`ref_${tag}`)).toBe(1);
      expect(await v.findToken(h)).toBeNull();
      await v.putToken({
        hash: `h2_${tag}`,
        kind: 'oauth',
        refId: `APP${tag}:${a.userId}`,
        userId: a.userId,
        scopes: 1,
        expires: null,
        created: now(),
        lastUsed: null,
      });
      expect(await v.deleteTokensByRefPrefix(`APP${tag}:`)).toBe(1);
    });

    it('uses recovery codes once and tickets once; expired tickets are gone', async () => {
      const a = account(`tf_${tag}`);
      await v.createAccount(a);
      await v.putTotp({ userId: a.userId, secret: 'S', enabled: true, recoveryHashes: ['r1', 'r2'] });
      expect(await v.useRecoveryCode(a.userId, 'r1')).toBe(true);
      expect(await v.useRecoveryCode(a.userId, 'r1')).toBe(false);
      expect((await v.getTotp(a.userId))?.recoveryHashes).toEqual(['r2']);
      await v.putTicket({ key: `k_${tag}`, kind: 'flow', userId: a.userId, data: { a: 1 }, expires: later });
      expect((await v.peekTicket(`k_${tag}`, 'flow', now()))?.data).toEqual({ a: 1 });
      expect(await v.peekTicket(`k_${tag}`, 'other', now())).toBeNull();
      expect((await v.listTickets(a.userId, 'flow')).map((x) => x.key)).toEqual([`k_${tag}`]);
      const takes = await Promise.all([v.takeTicket(`k_${tag}`, 'flow', now()), v.takeTicket(`k_${tag}`, 'flow', now())]);
      expect(takes.filter(Boolean)).toHaveLength(1);
      await v.putTicket({ key: `old_${tag}`, kind: 'flow', userId: null, data: {}, expires: '2000-01-01T00:00:00.000Z' });
      expect(await v.peekTicket(`old_${tag}`, 'flow', now())).toBeNull();
      expect(await v.takeTicket(`old_${tag}`, 'flow', now())).toBeNull();
    });

    it('forgets everything of a deleted account', async () => {
      const a = account(`gone_${tag}`, `gone_${tag}@x.org`);
      await v.createAccount(a);
      await v.putToken({ hash: `t_${tag}`, kind: 'session', refId: `s_${tag}`, userId: a.userId, scopes: 0, expires: null, created: now(), lastUsed: null });
      await v.putTotp({ userId: a.userId, secret: 'S', enabled: true, recoveryHashes: [] });
      await v.putTicket({ key: `k_${tag}`, kind: 'verify', userId: a.userId, data: {}, expires: later });
      expect(await v.listAccountIds()).toContain(a.userId);
      await v.deleteAccount(a.userId);
      expect(await v.listAccountIds()).not.toContain(a.userId);
      expect(await v.getAccount(a.userId)).toBeNull();
      expect(await v.findToken(`t_${tag}`)).toBeNull();
      expect(await v.listTokens(a.userId)).toEqual([]);
      expect(await v.getTotp(a.userId)).toBeNull();
      expect(await v.peekTicket(`k_${tag}`, 'verify', now())).toBeNull();
      // the name and address are free again
      await v.createAccount(account(`gone_${tag}`, `gone_${tag}@x.org`));
    });
  });
}
