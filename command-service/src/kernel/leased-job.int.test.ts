import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteLeaseStore } from '@modshelf/events';
import { LeasedJob } from './leased-job';

let dir: string;
let clock: { now: number };
let leases: SqliteLeaseStore[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'job-'));
  clock = { now: 1_000_000 };
  leases = [];
});
afterEach(() => {
  for (const l of leases) l.close();
  rmSync(dir, { recursive: true, force: true });
});

function job(holder: string, runs: string[]) {
  const store = new SqliteLeaseStore({ path: join(dir, 'leases.db'), clock: () => clock.now });
  leases.push(store);
  return new LeasedJob({
    name: 'settle',
    leases: store,
    everyMs: 1000,
    holder,
    run: async () => {
      runs.push(holder);
    },
  });
}

describe('a periodic job on several replicas', () => {
  it('runs on the lease holder only; a holder that stops is replaced after three periods; one that closes at once', async () => {
    const runs: string[] = [];
    const a = job('A', runs);
    const b = job('B', runs);
    const c = job('C', runs);
    for (let i = 0; i < 3; i++) {
      expect(await a.runOnce()).toBe(true);
      expect(await b.runOnce()).toBe(false);
      clock.now += 1000;
    }
    // A stops running (crash): until three periods after its last run nobody else runs it, then B does
    clock.now += 1000;
    expect(await b.runOnce()).toBe(false);
    clock.now += 1000;
    expect(await b.runOnce()).toBe(true);
    expect(await c.runOnce()).toBe(false);
    await b.close();
    expect(await c.runOnce()).toBe(true);
    expect(runs).toEqual(['A', 'A', 'A', 'B', 'C']);
  });
});
