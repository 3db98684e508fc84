import Database from 'better-sqlite3';
import { join } from 'node:path';
import { NO_STREAM, SqliteEventStore, newEventId, type NewEvent } from '@modshelf/events';
import { round, tempDir } from './util';

function makeEvents(n: number): Array<{ stream: string; event: NewEvent }> {
  const time = new Date().toISOString();
  return Array.from({ length: n }, (_, i) => {
    const id = newEventId();
    return {
      stream: `bench-${i}`,
      event: {
        type: 'ProjectEdited',
        schemaVersion: 1,
        data: { changes: { description: `Benchmark description number ${i} for a project` } },
        metadata: { eventId: id, commandId: id, correlationId: id, causationId: id, actor: 'AAAAAAAA', time },
      },
    };
  });
}

/** Event append rate (one command = one transaction) vs a raw better-sqlite3 insert of the same rows. */
export async function benchAppend(n = 20000) {
  const rows = makeEvents(n);
  const tmp = tempDir('append');
  try {
    const store = new SqliteEventStore({ path: join(tmp.dir, 'store.db') });
    let t = performance.now();
    for (const r of rows) await store.append(r.stream, [r.event], NO_STREAM);
    const storeSecs = (performance.now() - t) / 1000;
    await store.close();

    const raw = new Database(join(tmp.dir, 'raw.db'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.exec(
      'CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL, revision INTEGER NOT NULL, type TEXT NOT NULL, schema_version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL)',
    );
    const insert = raw.prepare('INSERT INTO events (stream_id, revision, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    const tx = raw.transaction((r: (typeof rows)[number]) =>
      insert.run(r.stream, 0, r.event.type, r.event.schemaVersion, JSON.stringify(r.event.data), JSON.stringify(r.event.metadata)),
    );
    t = performance.now();
    for (const r of rows) tx.immediate(r);
    const rawSecs = (performance.now() - t) / 1000;
    raw.close();

    const storeRate = n / storeSecs;
    const rawRate = n / rawSecs;
    return {
      events: n,
      store_events_per_s: Math.round(storeRate),
      raw_insert_rows_per_s: Math.round(rawRate),
      ratio: round(storeRate / rawRate),
      goal_ratio: 0.5,
      note: 'one transaction per append on both sides (WAL, synchronous=NORMAL); the store also checks the expected revision',
    };
  } finally {
    tmp.remove();
  }
}
