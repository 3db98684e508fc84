import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SqliteLeaseStore } from './sqlite';

const run = promisify(execFile);
const RACE = join(import.meta.dirname, 'testing', 'race-main.ts');

describe('SqliteLeaseStore across processes', () => {
  it('gives each contested lease to exactly one of four processes racing on one file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lease-race-'));
    const path = join(dir, 'events.db');
    new SqliteLeaseStore({ path }).close(); // create the file and the tables once
    const count = 1000;
    // the processes start their loops together, once all four are up
    const barrier = join(dir, 'barrier');
    mkdirSync(barrier);
    const outputs = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map((holder) =>
        run(process.execPath, ['--import', 'tsx', RACE, path, holder, String(count), barrier, '4'], { timeout: 60_000 }),
      ),
    );
    const results = outputs.map((o) => JSON.parse(o.stdout) as { holder: string; won: string[] });
    const winners = new Map<string, string[]>();
    for (const r of results) for (const name of r.won) winners.set(name, [...(winners.get(name) ?? []), r.holder]);
    expect(winners.size).toBe(count);
    expect([...winners.values()].filter((hs) => hs.length !== 1)).toEqual([]);
    const check = new SqliteLeaseStore({ path });
    for (let i = 0; i < count; i += 37) expect((await check.current(`race-${i}`))?.holder).toBe(winners.get(`race-${i}`)![0]);
    check.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
