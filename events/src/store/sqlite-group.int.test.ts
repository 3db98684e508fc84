import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../envelope';
import { SqliteEventStore, type InlineProjection } from './sqlite';

const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() };
const ev = (n: number) => [{ type: 'Noted', schemaVersion: 1, data: { n }, metadata: meta }];

/** An inline projection whose checkpoint writes are counted by a trigger: one per write transaction. */
const counted: InlineProjection = {
  name: 'noted',
  types: ['Noted'],
  setup: (db) =>
    db.exec(`CREATE TABLE IF NOT EXISTS commits (n INTEGER NOT NULL);
      CREATE TRIGGER IF NOT EXISTS count_commits AFTER UPDATE ON inline_checkpoints BEGIN INSERT INTO commits (n) VALUES (1); END;`),
  apply: () => {},
};
const commits = (store: SqliteEventStore) => (store.db.prepare('SELECT COUNT(*) AS c FROM commits').get() as { c: number }).c;

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SqliteEventStore.appendGrouped', () => {
  it('commits the first append of a turn at once, the others of the turn in one transaction, each settling on its own after the commit', async () => {
    dir = mkdtempSync(join(tmpdir(), 'group-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    const reader = new SqliteEventStore({ path: join(dir, 'events.db') });
    store.addInlineProjection(counted);
    await store.append('first', ev(0), -1);
    const before = commits(store);
    // twenty streams, and two appends racing for the same revision of one of them
    const appends = Array.from({ length: 20 }, (_, i) => store.appendGrouped(`s-${i}`, ev(i), -1));
    const racer = store.appendGrouped('s-0', ev(99), -1);
    const seenByAnotherConnection = appends.map((p) => p.then(async (r) => (await reader.readAll({ after: r.position - 1 }))[0]?.position === r.position));
    expect(await Promise.all(seenByAnotherConnection)).toEqual(Array(20).fill(true));
    await expect(racer).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    // the first at once, the other nineteen and the racer together
    expect(commits(store) - before).toBe(2);
    const positions = (await Promise.all(appends)).map((r) => r.position);
    expect(positions).toEqual(positions.map((_, i) => positions[0] + i));
    expect((await store.readStream('s-0')).map((e) => e.data)).toEqual([{ n: 0 }]);
    await reader.close();
    await store.close();
  });

  it('falls back to one transaction per append when the group fails as a whole', async () => {
    dir = mkdtempSync(join(tmpdir(), 'group-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    let armed = false;
    // fails once when armed (the group's transaction), then works
    store.addInlineProjection({
      name: 'flaky',
      types: ['Noted'],
      setup: () => {},
      apply: () => {
        if (!armed) return;
        armed = false;
        throw new Error('flaky projection');
      },
    });
    const alone = store.appendGrouped('alone', ev(0), -1);
    armed = true;
    const results = await Promise.all([alone, store.appendGrouped('a', ev(1), -1), store.appendGrouped('b', ev(2), -1)]);
    expect(armed).toBe(false);
    expect(results.map((r) => r.nextRevision)).toEqual([0, 0, 0]);
    expect((await store.readAll()).map((e) => e.streamId)).toEqual(['alone', 'a', 'b']);
    await store.close();
  });

  it('commits what is waiting when the store closes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'group-'));
    const path = join(dir, 'events.db');
    const store = new SqliteEventStore({ path });
    const first = store.appendGrouped('first', ev(0), -1);
    const pending = store.appendGrouped('late', ev(1), -1);
    await store.close();
    expect([(await first).position, (await pending).position]).toEqual([1, 2]);
    const reopened = new SqliteEventStore({ path });
    expect(await reopened.readStream('late')).toHaveLength(1);
    await reopened.close();
  });
});
