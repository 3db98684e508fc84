import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase62 } from '../ids';
import { SqliteEventStore } from '../store/sqlite';
import type { GeneratedIds } from './random-ids';
import { writeCatalogueEvents, type WriteCatalogueOptions } from './write-events';

/** ids from counters: two runs of the generator write the same log */
function counterIds(): GeneratedIds {
  let ids = 0;
  let events = 0;
  return {
    id: () => toBase62(62n ** 7n + BigInt(++ids)),
    eventId: () => `00000000-0000-4000-8000-${(++events).toString(16).padStart(12, '0')}`,
  };
}

/** every table's rows in rowid order, and the file's schema (tables and indexes, by name) */
function dump(db: Database.Database) {
  const schema = db.prepare<[], { type: string; name: string; sql: string | null }>('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all();
  const rows = schema
    .filter((s) => s.type === 'table')
    .map((s) => [
      s.name,
      db.prepare(s.name === 'sqlite_sequence' ? 'SELECT * FROM sqlite_sequence ORDER BY name' : `SELECT * FROM "${s.name}" ORDER BY rowid`).all(),
    ]);
  return { schema, rows: Object.fromEntries(rows) };
}

describe('writeCatalogueEvents into a fresh log', () => {
  let dir: string;
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'gen-fresh-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** two batches into a new file, with another connection to it open during the first or not; the journal modes each transaction saw */
  function write(name: string, options: WriteCatalogueOptions & { otherConnection: boolean }) {
    const path = join(dir, `${name}.db`);
    const store = new SqliteEventStore({ path });
    const other = options.otherConnection ? new Database(path) : null;
    other?.prepare('SELECT COUNT(*) FROM events').get();
    const journals = new Set<string>();
    const onProgress = () => void journals.add(store.db.pragma('journal_mode', { simple: true }) as string);
    const ids = counterIds();
    writeCatalogueEvents(store, 60, 42, 0, { ...options, ids, onProgress });
    other?.close();
    const afterFirst = { journal: store.db.pragma('journal_mode', { simple: true }), synchronous: store.db.pragma('synchronous', { simple: true }) };
    // a second batch goes into a log that has events: it is written as any append to the log
    const second = new Set<string>();
    writeCatalogueEvents(store, 25, 7, 60, { ...options, ids, onProgress: () => void second.add(store.db.pragma('journal_mode', { simple: true }) as string) });
    return { store, journals, second, afterFirst };
  }

  it.each([
    { lookups: true, via: 'bulk' as const },
    { lookups: false, via: 'bulk' as const },
    { lookups: true, via: 'store' as const },
  ])('writes alone without the WAL or secondary indexes, and leaves the same file as writing beside another connection (%o)', async (options) => {
    const alone = write('alone', { ...options, otherConnection: false });
    const shared = write('shared', { ...options, otherConnection: true });
    // the fresh log was written with the journal in memory; with another connection open it stayed WAL; an existing log stays WAL
    expect([...alone.journals]).toEqual(['memory']);
    expect([...shared.journals]).toEqual(['wal']);
    expect([...alone.second]).toEqual(['wal']);
    // and put back as the store opened it
    expect(alone.afterFirst).toEqual({ journal: 'wal', synchronous: 1 });
    const expected = dump(shared.store.db);
    expect(expected.schema.filter((s) => s.type === 'index' && s.sql !== null).length).toBe(options.lookups ? 8 : 0);
    expect(dump(alone.store.db)).toEqual(expected);
    // the indexes built at the end hold every row (integrity_check compares each index with its table)
    expect(alone.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    await alone.store.close();
    await shared.store.close();
  });

  it('a write that fails leaves the fresh log empty, in WAL mode, with its indexes', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'failed.db') });
    const journals: string[] = [];
    const follow = () => {
      journals.push(store.db.pragma('journal_mode', { simple: true }) as string);
      throw new Error('the follower failed');
    };
    expect(() => writeCatalogueEvents(store, 60, 42, 0, { lookups: true, ids: counterIds(), follow })).toThrow('the follower failed');
    expect(journals).toEqual(['memory']);
    expect(store.db.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT COUNT(*) FROM lookup_project').pluck().get()).toBe(0);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").pluck().get()).toBe(8);
    await store.close();
  });
});
