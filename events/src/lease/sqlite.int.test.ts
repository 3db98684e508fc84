import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../store/sqlite';
import { leaseStoreContract } from './contract';
import { SqliteLeaseStore } from './sqlite';

leaseStoreContract('sqlite (two connections on one file)', async (clock) => {
  const dir = mkdtempSync(join(tmpdir(), 'lease-'));
  const path = join(dir, 'leases.db');
  const a = new SqliteLeaseStore({ path, clock: () => clock.now });
  const b = new SqliteLeaseStore({ path, clock: () => clock.now });
  return {
    a,
    b,
    cleanup: async () => {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteLeaseStore in the event log file', () => {
  it('shares the event store connection and leaves its events alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lease-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const leases = new SqliteLeaseStore({ db: store.db });
    const g = (await leases.acquire('pm', 'one', 1000))!;
    expect(await leases.commit(g, 5)).toBe(true);
    leases.close();
    expect(store.db.open).toBe(true);
    expect(await store.headPosition()).toBe(0);
    const reopened = new SqliteLeaseStore({ path: join(dir, 'events.db') });
    expect(await reopened.position('pm')).toBe(5);
    reopened.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
