import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeaseStore } from './port';

/** A clock the suite moves by hand, shared by both instances. */
export interface ManualClock {
  now: number;
}

export interface LeasesUnderTest {
  /** two instances (two connections, as two processes have) over one backing store */
  a: LeaseStore;
  b: LeaseStore;
  cleanup(): Promise<void>;
}

/**
 * The contract every LeaseStore adapter passes. `make` opens two instances on one
 * backing store, both reading time from `clock.now`.
 */
export function leaseStoreContract(adapter: string, make: (clock: ManualClock) => Promise<LeasesUnderTest>): void {
  describe(`LeaseStore contract: ${adapter}`, () => {
    let clock: ManualClock;
    let sut: LeasesUnderTest;
    let a: LeaseStore;
    let b: LeaseStore;
    beforeEach(async () => {
      clock = { now: 1_000_000 };
      sut = await make(clock);
      a = sut.a;
      b = sut.b;
    });
    afterEach(async () => {
      await sut.cleanup();
    });

    it('grants a free lease and refuses it to another holder while it runs', async () => {
      const g = await a.acquire('pm', 'one', 1000);
      expect(g).toMatchObject({ name: 'pm', holder: 'one', epoch: 1, expiresAt: clock.now + 1000 });
      expect(await b.acquire('pm', 'two', 1000)).toBeNull();
      expect(await b.current('pm')).toMatchObject({ holder: 'one', epoch: 1 });
      expect(await b.acquire('other', 'two', 1000)).toMatchObject({ holder: 'two', epoch: 1 });
    });

    it('renews for its holder in the same epoch, so a renewing holder is never taken over', async () => {
      await a.acquire('pm', 'one', 1000);
      for (let i = 0; i < 5; i++) {
        clock.now += 600;
        expect(await a.acquire('pm', 'one', 1000)).toMatchObject({ epoch: 1, expiresAt: clock.now + 1000 });
        expect(await b.acquire('pm', 'two', 1000)).toBeNull();
      }
    });

    it('lets another holder take over once the lease expired, in a new epoch', async () => {
      await a.acquire('pm', 'one', 1000);
      clock.now += 1000;
      expect(await a.current('pm')).toBeNull();
      expect(await b.acquire('pm', 'two', 1000)).toMatchObject({ holder: 'two', epoch: 2 });
      expect(await a.acquire('pm', 'one', 1000)).toBeNull();
    });

    it('frees the lease on release, and ignores a release by a holder that lost it', async () => {
      const g1 = (await a.acquire('pm', 'one', 1000))!;
      await a.release(g1);
      expect(await b.current('pm')).toBeNull();
      const g2 = (await b.acquire('pm', 'two', 1000))!;
      await a.release(g1);
      expect(await a.current('pm')).toMatchObject({ holder: 'two', epoch: g2.epoch });
    });

    it('commits position and state only while the lease is held (fencing)', async () => {
      const g1 = (await a.acquire('pm', 'one', 1000))!;
      expect(
        await a.commit(
          g1,
          7,
          new Map([
            ['k', 'v1'],
            ['gone', 'x'],
          ]),
        ),
      ).toBe(true);
      expect(await b.position('pm')).toBe(7);
      expect(await b.state('pm', 'k')).toBe('v1');
      expect(await a.commit(g1, 9, new Map<string, string | null>([['gone', null]]))).toBe(true);
      expect(await b.state('pm', 'gone')).toBeNull();
      clock.now += 1000;
      const g2 = (await b.acquire('pm', 'two', 1000))!;
      expect(await a.commit(g1, 50, new Map([['k', 'stale']]))).toBe(false);
      expect(await b.position('pm')).toBe(9);
      expect(await b.state('pm', 'k')).toBe('v1');
      expect(await b.commit(g2, 10)).toBe(true);
      expect(await a.position('pm')).toBe(10);
    });

    it('refuses a commit after expiry even when nobody took over', async () => {
      const g = (await a.acquire('pm', 'one', 1000))!;
      clock.now += 1001;
      expect(await a.commit(g, 3)).toBe(false);
      expect(await a.position('pm')).toBe(0);
    });

    it('keeps position and state across a release and a new holder', async () => {
      const g1 = (await a.acquire('pm', 'one', 1000))!;
      await a.commit(g1, 42, new Map([['k', 'v']]));
      await a.release(g1);
      const g2 = (await b.acquire('pm', 'two', 1000))!;
      expect(g2.epoch).toBe(g1.epoch + 1);
      expect(await b.position('pm')).toBe(42);
      expect(await b.state('pm', 'k')).toBe('v');
    });

    it('gives a contested lease to exactly one of many concurrent holders', async () => {
      const tries = Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).acquire('race', `h${i}`, 1000));
      const won = (await Promise.all(tries)).filter((g) => g !== null);
      expect(won).toHaveLength(1);
      expect(await a.current('race')).toMatchObject({ holder: won[0]!.holder });
    });

    it('rejects a lease without a positive time to live', async () => {
      await expect(a.acquire('pm', 'one', 0)).rejects.toThrow(/time to live/);
    });
  });
}
