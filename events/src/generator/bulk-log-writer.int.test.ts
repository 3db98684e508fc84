import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventDefinition } from '../registry';
import { catalogueAppends } from './catalogue-appends';
import { SqliteInlineLookup } from '../lookup/inline';
import { SqliteInlineThreadLookup } from '../lookup/thread-lookup';
import { SqliteEventStore } from '../store/sqlite';
import { counterIds } from './testing/counter-ids';
import type { RecordedEvent } from '../envelope';
import type { StreamAppend } from '../store/port';
import { writeCatalogueEvents, type WriteCatalogueOptions } from './write-events';

/** every table of the file (the log, its sequence, the inline checkpoints and lookup tables), rows in rowid order */
function dump(store: SqliteEventStore): Record<string, unknown[]> {
  const tables = store.db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
  return Object.fromEntries(
    tables.map((t) => [
      t,
      store.db.prepare(t === 'sqlite_sequence' ? `SELECT * FROM ${t} ORDER BY name` : `SELECT rowid AS _rowid, * FROM ${t} ORDER BY rowid`).all(),
    ]),
  );
}

describe('the generator bulk writer', () => {
  let dir: string;
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'gen-bulk-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** two batches (as the scale bench writes them) through one path, into a new file */
  function written(name: string, options: WriteCatalogueOptions) {
    const store = new SqliteEventStore({ path: join(dir, `${name}.db`) });
    const ids = counterIds();
    writeCatalogueEvents(store, 60, 42, 0, { ...options, ids });
    writeCatalogueEvents(store, 25, 7, 60, { ...options, ids });
    return store;
  }

  it.each([true, false])('writes the same file as the store appends, row for row (lookups: %s)', async (lookups) => {
    const viaStore = written('store', { lookups, via: 'store' });
    const viaBulk = written('bulk', { lookups, via: 'bulk' });
    const expected = dump(viaStore);
    const actual = dump(viaBulk);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    const events = expected.events as Array<{ type: string; stream_id: string }>;
    // the comparison covers every kind of event and stream the generator writes
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(['UserRegistered', 'ProjectCreated', 'TeamMemberAdded', 'VersionPublished', 'DownloadsCounted', 'ProjectFollowed']),
    );
    expect(events.length).toBeGreaterThan(300);
    expect((expected.inline_checkpoints ?? []).length).toBe(lookups ? 2 : 0);
    if (lookups) expect((expected.lookup_version_file ?? []).length).toBeGreaterThan(85);
    for (const table of Object.keys(expected)) expect({ table, rows: actual[table] }).toEqual({ table, rows: expected[table] });
    const hash = (d: Record<string, unknown[]>) => createHash('sha256').update(JSON.stringify(d)).digest('hex');
    expect(hash(actual)).toBe(hash(expected));
    await viaStore.close();
    await viaBulk.close();
  });

  it("writes each event's data as its schema leaves it (what validating it again, as toNewEvents does, would write)", () => {
    let events = 0;
    for (const part of catalogueAppends(120, 42, 0, counterIds())) {
      for (const e of part.events) {
        expect(JSON.stringify(eventDefinition(e.type)?.schema.parse(e.data))).toBe(JSON.stringify(e.data));
        events++;
      }
    }
    expect(events).toBeGreaterThan(600);
  });

  it('leaves a log the command side reads: its lookups find the projects, versions, hashes, users and threads', async () => {
    await written('bulk', { lookups: true }).close();
    const store = new SqliteEventStore({ path: join(dir, 'bulk.db') });
    const catalogue = new SqliteInlineLookup(store);
    const threads = new SqliteInlineThreadLookup(store);
    const all = await store.readAll({ after: 0 });
    const created = all
      .filter((e) => e.type === 'ProjectCreated')
      .map((e) => e.data as { project_id: string; slug: string; team_id: string; thread_id: string });
    const versions = all
      .filter((e) => e.type === 'VersionPublished')
      .map((e) => e.data as { version_id: string; project_id: string; files: Array<{ hashes: { sha1: string; sha512: string } }> });
    const users = all.filter((e) => e.type === 'UserRegistered').map((e) => e.data as { user_id: string; username: string });
    expect(created.length).toBe(85);
    for (const p of created) {
      expect(await catalogue.projectId(p.slug.toUpperCase())).toBe(p.project_id);
      expect(await catalogue.projectOfTeam(p.team_id)).toBe(p.project_id);
      expect(await threads.thread(p.thread_id)).toEqual({ type: 'project', itemId: p.project_id });
      expect(await catalogue.liveVersionCount(p.project_id)).toBe(versions.filter((v) => v.project_id === p.project_id).length);
    }
    for (const v of versions) {
      expect(await catalogue.version(v.version_id)).toEqual({ projectId: v.project_id });
      expect(await catalogue.versionsWithHash(v.files[0].hashes.sha512)).toEqual([v.version_id]);
    }
    for (const u of users) expect(await catalogue.userId(u.username)).toBe(u.user_id);
    // nothing was left for the store to catch up: the checkpoints stand at the head
    expect(store.catchUpInline()).toBe(true);
    await store.close();
  });

  it('tells its progress after each transaction, up to every event written', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'progress.db') });
    const seen: number[] = [];
    const { events } = writeCatalogueEvents(store, 1200, 42, 0, { onProgress: (n) => seen.push(n) });
    // 1200 projects make more than one transaction of 5000 streams
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(events);
    expect(await store.headPosition()).toBe(events);
    await store.close();
  });

  it('refuses a stream that exists already', () => {
    const store = new SqliteEventStore({ path: join(dir, 'twice.db') });
    writeCatalogueEvents(store, 10, 42, 0, { ids: counterIds() });
    expect(() => writeCatalogueEvents(store, 10, 42, 0, { ids: counterIds() })).toThrow(/UNIQUE/);
    return store.close();
  });
  it('follows each transaction with the appends its follower answers, extending only the streams those started', () => {
    const store = new SqliteEventStore({ path: join(dir, 'follow.db') });
    try {
      const seen: number[] = [];
      let revision = -1;
      // one event per DownloadsCounted on one stream, as a process manager crediting downloads would append them
      const follow = (events: RecordedEvent[]): StreamAppend[] =>
        events
          .filter((e) => e.type === 'DownloadsCounted')
          .map((e) => {
            seen.push(e.position);
            return { streamId: 'followed-1', expected: revision++, events: [{ ...e, data: { ...(e.data as object), count: 0 } }] };
          });
      const { events } = writeCatalogueEvents(store, 30, 42, 0, { ids: counterIds(), follow });
      const followed = store.db
        .prepare<[], { revision: number; position: number }>("SELECT revision, position FROM events WHERE stream_id = 'followed-1' ORDER BY revision")
        .all();
      expect(seen).toHaveLength(30);
      expect(followed.map((r) => r.revision)).toEqual(seen.map((_, i) => i));
      expect(followed.every((r, i) => r.position > seen[i])).toBe(true);
      expect(events).toBe(store.db.prepare('SELECT count(*) FROM events').pluck().get());
      // a follower may not append to a stream the generator wrote
      const intruder = (es: RecordedEvent[]): StreamAppend[] => [{ streamId: es[0].streamId, expected: es[0].revision, events: [] }];
      const other = new SqliteEventStore({ path: join(dir, 'intruder.db') });
      expect(() => writeCatalogueEvents(other, 1, 42, 0, { ids: counterIds(), follow: intruder })).toThrow(/follows its own/);
      void other.close();
    } finally {
      void store.close();
    }
  });
});
