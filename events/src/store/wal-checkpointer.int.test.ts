import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_STREAM } from '../envelope';
import { SqliteEventStore } from './sqlite';
import { checkpointReports } from '../testing/checkpoint-reports';

const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SqliteEventStore checkpointWorker', () => {
  it('copies the WAL into the file from a worker thread, below the writer’s own checkpoint mark, while appends go on', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-'));
    const path = join(dir, 'events.db');
    const store = new SqliteEventStore({ path, checkpointWorker: true });
    const checkpoints = checkpointReports(store.checkpointer!);
    const pageSize = store.db.pragma('page_size', { simple: true }) as number;
    const fileBefore = statSync(path).size;
    // about 600 pages of events, far under the writer's mark (WAL_AUTOCHECKPOINT_PAGES): only the worker checkpoints
    const text = 'x'.repeat(pageSize * 2);
    for (let i = 0; i < 300; i++) {
      await store.append(`s-${i}`, [{ type: 'T', schemaVersion: 1, data: { text, i }, metadata: meta }], NO_STREAM);
      if (i % 50 === 49) await sleep(60);
    }
    expect(await checkpoints.copied()).toEqual({ copied: true, errors: [] });
    expect(statSync(path).size).toBeGreaterThan(fileBefore + 100 * pageSize);
    // every append is there for another connection
    const reader = new SqliteEventStore({ path });
    expect(await reader.headPosition()).toBe(300);
    expect((await reader.readStream('s-299'))[0].data).toEqual({ text, i: 299 });
    await reader.close();
    await store.close();
  });

  it('is off unless asked for', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wal-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    expect(store.checkpointer).toBeNull();
    await store.close();
  });
});
