import { join } from 'node:path';
import { SqliteEventStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { buildInChild } from './build-process';
import { tempDir } from './util';

/** Replay rate: every projection rebuilt from a log of `count` projects into a fresh file, as npm run replay rebuilds. */
export async function benchReplay(count = 50_000) {
  const tmp = tempDir('replay');
  try {
    const store = new SqliteEventStore({ path: join(tmp.dir, 'events.db') });
    const { events } = writeCatalogueEvents(store, count);
    await store.close();
    const build = await buildInChild(join(tmp.dir, 'events.db'), events, tmp.dir);
    return { projects: count, events, seconds: build.seconds, events_per_s: build.events_per_s, node_flags: build.node_flags, goal_events_per_s: 50_000 };
  } finally {
    tmp.remove();
  }
}
