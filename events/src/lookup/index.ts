import type { EventStore } from '../store/port';
import { SqliteEventStore } from '../store/sqlite';
import { FollowingLookup, type FollowingLookupOptions } from './following';
import { SqliteInlineLookup } from './inline';
import type { CatalogueLookup } from './port';

export type { CatalogueLookup, ProjectRef, VersionRef } from './port';
export { lookupChanges, LOOKUP_EVENT_TYPES, type LookupChange } from './changes';
export { SqliteInlineLookup, lookupProjection } from './inline';
export { FollowingLookup, type FollowingLookupOptions } from './following';

/** The lookup for a store: inline tables in a SQLite log, else a follower of the store's log. */
export function lookupFor(store: EventStore, following: FollowingLookupOptions = {}): CatalogueLookup {
  return store instanceof SqliteEventStore ? new SqliteInlineLookup(store) : new FollowingLookup(store, following);
}
export {
  threadLookupFor,
  threadLookupProjection,
  SqliteInlineThreadLookup,
  FollowingThreadLookup,
  ThreadTables,
  THREAD_LOOKUP_EVENT_TYPES,
  type ThreadLookup,
  type ThreadOwner,
} from './thread-lookup';
