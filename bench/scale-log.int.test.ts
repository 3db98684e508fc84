import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore, SqliteLeaseStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { counterIds } from '@modshelf/events/generator/testing';
import { GeneratedAccruals } from './scale-accruals';
import { writeGeneratedLog } from './scale-log';

/** every table of the file, rows in rowid order (a table without rowids: in its key's) */
function dump(store: SqliteEventStore): Record<string, unknown[]> {
  const tables = store.db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
  return Object.fromEntries(
    tables.map((t) => [t.name, store.db.prepare(`SELECT * FROM ${t.name}${/WITHOUT ROWID/i.test(t.sql) ? '' : ' ORDER BY rowid'}`).all()]),
  );
}

describe('the scale log written with a generating worker', () => {
  let dir: string;
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'scale-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is the log the generator writes on one thread with the accrual following it, row for row, in every table', async () => {
    const one = new SqliteEventStore({ path: join(dir, 'one.db') });
    const accruals = new GeneratedAccruals(undefined, counterIds().eventId);
    // 12,000 projects: more than two batches of 5000 appends, so the worker waits for the writer
    const projects = 12_000;
    const inThread = writeCatalogueEvents(one, projects, 42, 0, { lookups: true, ids: counterIds(), follow: accruals.follow });
    await accruals.commit(new SqliteLeaseStore({ db: one.db }), await one.headPosition());

    const two = new SqliteEventStore({ path: join(dir, 'two.db') });
    const seen: number[] = [];
    const threaded = await writeGeneratedLog(two, projects, 42, 0, { counters: true, onProgress: (n) => seen.push(n) });

    expect(threaded).toEqual(inThread);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(threaded.events);
    const expected = dump(one);
    const actual = dump(two);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    // the accrual's credits and state are in both
    expect((expected.events as Array<{ stream_id: string }>).some((e) => e.stream_id.startsWith('payouts-'))).toBe(true);
    expect(expected.lease_state).toHaveLength(projects);
    expect(expected.leases).toEqual([{ name: 'revenue-accrual', holder: null, epoch: 1, expires_at: 0, position: inThread.events }]);
    for (const table of Object.keys(expected)) expect({ table, rows: actual[table] }).toEqual({ table, rows: expected[table] });
    await one.close();
    await two.close();
  }, 120_000);

  it('refuses streams the log has already, and writes nothing of them', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'twice.db') });
    const { events } = writeCatalogueEvents(store, 5, 42, 0, { lookups: true, ids: counterIds() });
    await expect(writeGeneratedLog(store, 5, 42, 0, { counters: true })).rejects.toThrow(/UNIQUE/);
    expect(await store.headPosition()).toBe(events);
    await store.close();
  });
});
