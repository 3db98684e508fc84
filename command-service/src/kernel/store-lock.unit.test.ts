import { describe, expect, it } from 'vitest';
import { SqliteLeaseStore } from '@modshelf/events';
import { DomainError } from '@modshelf/contract';
import { StoreLocks } from './store-lock';

describe('locks held in the store', () => {
  it('runs callers one at a time, across two lock sets on one lease store', async () => {
    const leases = new SqliteLeaseStore({ path: ':memory:' });
    const one = new StoreLocks(leases);
    const two = new StoreLocks(leases);
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 2));
      inside--;
    };
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).run('billing:u1', work)));
    expect(most).toBe(1);
    expect(await leases.current('lock:billing:u1')).toBeNull();
    leases.close();
  });

  it('waits out a lock whose holder died, and answers 409 when a lock stays busy too long', async () => {
    const clock = { now: 1_000_000 };
    const leases = new SqliteLeaseStore({ path: ':memory:', clock: () => clock.now });
    const locks = new StoreLocks(leases, { ttlMs: 1000, waitMs: 60_000 });
    // a process took the lock and died: nobody renews or releases it
    await leases.acquire('lock:payout:u1', 'dead-process', 1000);
    let ran = false;
    const waiting = locks.run('payout:u1', async () => {
      ran = true;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(ran).toBe(false);
    clock.now += 1000;
    await waiting;
    expect(ran).toBe(true);

    const impatient = new StoreLocks(leases, { ttlMs: 1000, waitMs: 20 });
    await leases.acquire('lock:payout:u2', 'busy-process', 1000);
    const err = await impatient.run('payout:u2', async () => 'never').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe('conflict');
    leases.close();
  });
});
