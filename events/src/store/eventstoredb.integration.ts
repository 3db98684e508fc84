import { describe, it } from 'vitest';
import { missing, servers } from '../../../integration/env';
import { eventStoreContract } from './contract';
import { catalogueLookupContract } from '../lookup/contract';
import { FollowingLookup } from '../lookup/following';
import { EventStoreDbEventStore } from './eventstoredb';

// EventStoreDB is a .NET server that no package registry reachable here ships (not npm, PyPI,
// Maven Central, crates.io, the Go proxy nor Debian); where one exists, EVENTSTORE_URL
// (e.g. esdb://127.0.0.1:2113?tls=false) runs this contract against it.
if (servers.eventstore) {
  eventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore({ connectionString: servers.eventstore });
    return { store, cleanup: () => store.close() };
  });
  // the lookup a replica uses over EventStoreDB: a local index caught up from $all before each answer
  catalogueLookupContract('FollowingLookup over EventStoreDB', async () => {
    const store = new EventStoreDbEventStore({ connectionString: servers.eventstore });
    const lookup = new FollowingLookup(store);
    return {
      store,
      lookup,
      other: null,
      cleanup: async () => {
        await lookup.close();
        await store.close();
      },
    };
  });
} else {
  const why = missing(
    'EventStore contract: EventStoreDB',
    'EVENTSTORE_URL',
    'no EventStoreDB server can be obtained from the package registries here; run with docker compose or give EVENTSTORE_URL',
  );
  describe.skip(why, () => {
    it('EventStore contract: EventStoreDB', () => {});
  });
}
