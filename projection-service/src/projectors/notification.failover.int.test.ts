import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectFollowed, followsStream, upcast } from '@modshelf/events';
import { InProcessEventBus } from '@modshelf/events/bus';
import { Fixtures } from '../testing/fixtures';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { BusProjectionWorker } from '../runner/bus-worker';
import { applyEvent, BatchContext, searchChanges } from './index';
import type { NotificationDoc } from '../read-model/community-documents';

/**
 * Notification fan-out is a checkpointed subscription on the read side: one active member of the
 * projection workers' consumer group, notification ids fixed by (source event, recipient), written in
 * the same commit as the checkpoint. Here two workers share one read-model file; the active one
 * leaves mid-stream and the standby takes over; a batch delivered again changes nothing.
 */
let dir: string;
let fx: Fixtures;
let bus: InProcessEventBus;
let storages: SqliteProjectionStorage[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notify-'));
  fx = Fixtures.memory();
  bus = new InProcessEventBus(fx.store, { pollMs: 5 });
  storages = [];
});
afterEach(async () => {
  await bus.close();
  for (const s of storages) await s.close();
  await fx.store.close();
  rmSync(dir, { recursive: true, force: true });
});

// both workers write one store, as workers of the distributed profile share MongoDB and OpenSearch
// (one SqliteProjectionStorage object: its search index keeps per-connection state, so two
// connections must not write one projections file)
function worker() {
  storages[0] ??= new SqliteProjectionStorage(join(dir, 'projections.sqlite'));
  return new BusProjectionWorker(bus, storages[0], { log: () => {} });
}
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe('notification fan-out across a worker failover', () => {
  it('tells every follower of every release exactly once', async () => {
    const alice = await fx.user('alice');
    const followers = [await fx.user('bob'), await fx.user('carol'), await fx.user('dan')];
    const project = await fx.project(alice, { title: 'Lanterns' });
    for (const f of followers) await fx.emit(followsStream(f), [ProjectFollowed({ user_id: f, project_id: project })], f);

    const a = worker();
    const b = worker();
    await a.start();
    await b.start();
    const v1 = await fx.version(project, alice, { version_number: '1.0.0' });
    const v2 = await fx.version(project, alice, { version_number: '1.1.0' });
    await until(async () => (await a.storage.checkpoint()) >= v2.position, 'A projected two releases');
    expect(b.eventsProjected).toBe(0);

    // A leaves mid-stream; B, on standby, takes over from the committed position
    await a.close();
    const v3 = await fx.version(project, alice, { version_number: '1.2.0' });
    await until(async () => (await b.storage.checkpoint()) >= v3.position, 'B projected the third');
    expect(b.eventsProjected).toBeGreaterThan(0);

    // a redelivered release (at-least-once bus, a crash before the offset commit) changes nothing
    const again = (await fx.store.readAll({ after: v1.position - 1, maxCount: 1 })).map(upcast);
    const ctx = new BatchContext(b.storage.readModels);
    for (const e of again) await applyEvent(ctx, e);
    await b.storage.commit(ctx.changes(), await searchChanges(ctx), v3.position);

    const notes: NotificationDoc[] = [];
    for await (const [, doc] of b.storage.readModels.scan('notifications')) notes.push(doc);
    const updates = notes.filter((n) => n.type === 'project_update');
    expect(updates).toHaveLength(9);
    for (const f of followers)
      expect(
        updates
          .filter((n) => n.user_id === f)
          .map((n) => n.link.split('/').pop())
          .sort(),
      ).toEqual([v1.id, v2.id, v3.id].sort());
    expect(notes.some((n) => n.user_id === alice)).toBe(false);
    await b.close();
  });
});
