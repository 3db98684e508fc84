import { join } from 'node:path';
import { SqliteEventStore, SqliteLeaseStore, type EventStore, type LeaseStore } from '@modshelf/events';

const byStore = new WeakMap<EventStore, LeaseStore>();

/**
 * The lease store that goes with an event store: with the SQLite log, a table in
 * the log's own file (the file every replica on the machine shares); otherwise
 * DATA_DIR/leases.db. One per event store in a process.
 */
export function leasesFor(store: EventStore, dataDir: string): LeaseStore {
  let leases = byStore.get(store);
  if (!leases) {
    leases = store instanceof SqliteEventStore ? new SqliteLeaseStore({ db: store.db }) : new SqliteLeaseStore({ path: join(dataDir, 'leases.db') });
    byStore.set(store, leases);
  }
  return leases;
}
