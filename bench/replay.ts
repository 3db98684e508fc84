import { join } from 'node:path';
import { SqliteEventStore } from '@modshelf/events';
import { ProjectionRunner, ThreadedBulkStorage } from '@modshelf/projection-service';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { round, tempDir } from './util';

/** Replay rate: every projection rebuilt from a log of `count` projects into a fresh file. */
export async function benchReplay(count = 50_000) {
  const tmp = tempDir('replay');
  try {
    const store = new SqliteEventStore({ path: join(tmp.dir, 'events.db') });
    const { events } = writeCatalogueEvents(store, count);
    const head = await store.headPosition();
    const runner = new ProjectionRunner(store, new ThreadedBulkStorage(join(tmp.dir, 'projections.sqlite')), { batchSize: 10000 });
    const t = performance.now();
    await runner.catchUp(head);
    const secs = (performance.now() - t) / 1000;
    await runner.close();
    await store.close();
    return { projects: count, events, seconds: round(secs), events_per_s: Math.round(events / secs), goal_events_per_s: 50_000 };
  } finally {
    tmp.remove();
  }
}
