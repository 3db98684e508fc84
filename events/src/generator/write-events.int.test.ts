import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../store/sqlite';
import { SqliteInlineLookup } from '../lookup/inline';
import { writeCatalogueEvents } from './write-events';

const checkpointOf = (store: SqliteEventStore, name: string) =>
  (store.db.prepare('SELECT position FROM inline_checkpoints WHERE name = ?').pluck().get(name) as number | undefined) ?? 0;

describe('writeCatalogueEvents', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('with lookups, writes the lookup tables with the events: a process opening the log has nothing to build', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gen-'));
    const path = join(dir, 'events.db');
    const writer = new SqliteEventStore({ path });
    writeCatalogueEvents(writer, 40, 42, 0, { lookups: true });
    const head = await writer.headPosition();
    const [created] = (await writer.readAll({ after: 0, maxCount: 100 })).filter((e) => e.type === 'ProjectCreated');
    await writer.close();

    const reader = new SqliteEventStore({ path });
    expect(checkpointOf(reader, 'catalogue-lookup')).toBe(head);
    expect(checkpointOf(reader, 'thread-lookup')).toBe(head);
    const lookup = new SqliteInlineLookup(reader);
    const data = created.data as { project_id: string; slug: string };
    expect(await lookup.projectId(data.slug)).toBe(data.project_id);
    await reader.close();
  });

  it('without, writes a log from before the tables', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gen-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    writeCatalogueEvents(store, 10);
    expect(checkpointOf(store, 'catalogue-lookup')).toBe(0);
    await store.close();
  });
});
