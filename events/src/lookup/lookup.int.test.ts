import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../store/sqlite';
import { catalogueLookupContract } from './contract';
import { FollowingLookup } from './following';
import { SqliteInlineLookup } from './inline';
import { createdProject } from '../testing/project-created';

catalogueLookupContract('sqlite inline (two store instances on one file)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookup-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const second = new SqliteEventStore({ path: join(dir, 'events.db') });
  const lookup = new SqliteInlineLookup(store);
  const other = new SqliteInlineLookup(second);
  return {
    store,
    lookup,
    other,
    cleanup: async () => {
      await store.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

catalogueLookupContract('following (local index caught up from the log)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookup-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const lookup = new FollowingLookup(store, { path: join(dir, 'lookup.db'), pageSize: 3 });
  return {
    store,
    lookup,
    other: null,
    cleanup: async () => {
      await lookup.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('FollowingLookup', () => {
  it('two followers sharing one index file over one log both answer what the log holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const a = new FollowingLookup(store, { path: join(dir, 'lookup.db'), pageSize: 2 });
    const b = new FollowingLookup(store, { path: join(dir, 'lookup.db'), pageSize: 2 });
    const made = [];
    for (let i = 0; i < 7; i++) {
      const p = createdProject(`shared-${i}`);
      await store.append(p.stream, p.events, -1);
      made.push(p);
    }
    const answers = await Promise.all(made.flatMap((p, i) => [a.projectId(`shared-${i}`), b.projectId(`SHARED-${i}`)]));
    expect(answers).toEqual(made.flatMap((p) => [p.id, p.id]));
    await a.close();
    await b.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('SqliteInlineLookup', () => {
  it('indexes a log written before it existed once, and keeps the checkpoint in the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-'));
    const path = join(dir, 'events.db');
    const old = new SqliteEventStore({ path });
    const first = createdProject('written-before');
    await old.append(first.stream, first.events, -1);
    await old.close();

    const store = new SqliteEventStore({ path });
    const lookup = new SqliteInlineLookup(store);
    expect(await lookup.projectId('written-before')).toBe(first.id);
    const checkpoint = () =>
      (store.db.prepare("SELECT position FROM inline_checkpoints WHERE name = 'catalogue-lookup'").get() as { position: number }).position;
    expect(checkpoint()).toBe(await store.headPosition());
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches a long log up in several bounded transactions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-'));
    const path = join(dir, 'events.db');
    const old = new SqliteEventStore({ path });
    const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
    old.appendMany(
      Array.from({ length: 45 }, (_, i) => ({
        streamId: `noise-${i}`,
        expected: -1,
        events: Array.from({ length: 1000 }, () => ({ type: 'Noise', schemaVersion: 1, data: {}, metadata: meta })),
      })),
    );
    const late = createdProject('after-much-noise');
    await old.append(late.stream, late.events, -1);
    await old.close();
    const store = new SqliteEventStore({ path });
    const lookup = new SqliteInlineLookup(store);
    expect(await lookup.projectId('after-much-noise')).toBe(late.id);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sees appends of a process that does not run the projection (caught up before answering)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-'));
    const path = join(dir, 'events.db');
    const store = new SqliteEventStore({ path });
    const lookup = new SqliteInlineLookup(store);
    const bare = new SqliteEventStore({ path });
    const p = createdProject('from-a-bare-writer');
    await bare.append(p.stream, p.events, -1);
    expect(await lookup.projectId('FROM-a-bare-writer')).toBe(p.id);
    await bare.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rolls its rows back with the append that failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const lookup = new SqliteInlineLookup(store);
    const p = createdProject('never-written');
    await expect(
      store.appendMulti([
        { streamId: p.stream, events: p.events, expected: -1 },
        { streamId: 'x-1', events: p.events, expected: 5 },
      ]),
    ).rejects.toThrow();
    expect(await lookup.projectId('never-written')).toBeNull();
    expect(await lookup.projectId(p.id)).toBeNull();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
