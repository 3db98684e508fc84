import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadsCounted, SqliteEventStore, downloadsStream, newEventId, toNewEvents } from '@modshelf/events';
import { CountJournal } from './count-journal';
import { DownloadCounter } from './download-counter';

let dir: string;
let store: SqliteEventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'count-journal-'));
  store = new SqliteEventStore({ path: join(dir, 'events.db') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const total = async (projectId: string) =>
  (await store.readStream(downloadsStream(projectId))).reduce((n, e) => n + (DownloadsCounted.is(e) ? e.data.count : 0), 0);

describe('DownloadCounter journal recovery', () => {
  it('a process that stopped between appending a fold and forgetting it: the restart appends the rest, nothing twice', async () => {
    const path = join(dir, 'downloads-journal.db');
    // what a killed process left: 3 downloads of ProjAAAA and 2 of ProjBBBB journalled, one fold claimed, and only
    // ProjAAAA's part of that fold appended before the kill
    const journal = new CountJournal({ path });
    for (const p of ['ProjAAAA', 'ProjAAAA', 'ProjAAAA', 'ProjBBBB', 'ProjBBBB']) journal.add(p, 'VersAAAA');
    await journal.committed();
    const fold = journal.claim(newEventId(), Date.now());
    expect(fold?.parts.map((p) => [p.projectId, p.byVersion.get('VersAAAA')])).toEqual([
      ['ProjAAAA', 3],
      ['ProjBBBB', 2],
    ]);
    const id = fold!.commandId;
    const meta = { commandId: id, correlationId: id, causationId: id, actor: null, time: new Date(fold!.started).toISOString() };
    const decided = [DownloadsCounted({ project_id: 'ProjAAAA', version_id: 'VersAAAA', count: 3 })];
    await store.append(downloadsStream('ProjAAAA'), toNewEvents(decided, meta, newEventId), 'any');
    journal.add('ProjAAAA', null); // committed after the fold was claimed: in no fold yet
    journal.close();

    const restarted = new DownloadCounter(store, { journalPath: path });
    await restarted.open();
    expect([await total('ProjAAAA'), await total('ProjBBBB')]).toEqual([4, 2]);
    expect(restarted.journalled).toBe(0);
    await restarted.close();

    const again = new DownloadCounter(store, { journalPath: path });
    await again.open();
    await again.close();
    expect([await total('ProjAAAA'), await total('ProjBBBB')]).toEqual([4, 2]);
  });

  it('a fold whose append fails goes back to the journal and is appended by the next fold', async () => {
    const path = join(dir, 'downloads-journal.db');
    let fail = true;
    const flaky = new Proxy(store, {
      get: (target, prop, receiver) => (prop === 'append' && fail ? () => Promise.reject(new Error('log unavailable')) : Reflect.get(target, prop, receiver)),
    });
    const counter = new DownloadCounter(flaky, { journalPath: path });
    expect(counter.record('1.2.3.4', 'ProjAAAA', 'VersAAAA')).toBe(true);
    await counter.persisted();
    await expect(counter.flush()).rejects.toThrow('log unavailable');
    expect(counter.journalled).toBe(1);
    fail = false;
    await counter.close();
    expect(await total('ProjAAAA')).toBe(1);
  });
});
