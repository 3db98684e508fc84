import type { EventStore } from '@modshelf/events';
import type { EventBus } from '@modshelf/events/bus';
import { MongoReadModels } from '../read-model/mongodb';
import type { Projections, ReadScope } from '../runner/runner';
import { BusProjectionWorker } from '../runner/bus-worker';
import { OpenSearchIndex } from '../search/opensearch';
import { JournaledStorage } from './journaled';
import type { ProjectionStorage } from './port';
import type { WorkerFeeds } from './position-feed-client';

export { WorkerFeedClient } from './position-feed-client';

/** How often a waiting read polls the stores' checkpoints while a worker's position feed is connected (ms): the feed wakes it first. */
const FEED_FALLBACK_POLL_MS = 200;

export interface DistributedStorageOptions {
  mongodbUrl: string;
  opensearchUrl: string;
  /** database (MongoDB) and index prefix (OpenSearch); default 'modshelf'. */
  name?: string;
  /**
   * A query replica's storage: it only reads, so its index does not defer refreshes (it never
   * writes a checkpoint, not even one a dead writer left behind) and refreshes only for a search at
   * a position the workers have written (SearchIndex.refreshNow, storageProjections).
   */
  reader?: boolean;
}

/**
 * Read models in MongoDB and the search index in OpenSearch, written side by side after a redo
 * journal (journaled.ts); a writer's index is refreshed beside the next batches (OpenSearchIndexOptions.deferRefresh).
 */
export function distributedStorage(o: DistributedStorageOptions): JournaledStorage {
  const name = o.name ?? 'modshelf';
  return new JournaledStorage(
    new MongoReadModels({ url: o.mongodbUrl, database: name, prefix: 'rm_' }),
    new OpenSearchIndex({ node: o.opensearchUrl, prefix: name, deferRefresh: !o.reader }),
  );
}

/**
 * The Projections the query API needs, over storage written by bus workers (possibly in other
 * processes): the positions come from the storage's checkpoints, read while a request waits for
 * them. The read models and the index are two servers written side by side, so a read of the read
 * models ('read-models') waits only for the read models' checkpoint (one round trip), and a search
 * ('all') for both. With the workers' position feeds (`feeds`), a waiting read wakes when the
 * worker that wrote its position says so, and polls the checkpoints only now and then, in case.
 * A search whose position the feeds say is written to the index (`indexed`) but not yet searchable
 * refreshes the index itself (SearchIndex.refreshNow, shared by the searches waiting with it)
 * rather than waiting for the worker's next refresh.
 */
export function storageProjections(
  storage: ProjectionStorage,
  store: EventStore,
  options: { pollMs?: number; worker?: BusProjectionWorker; feeds?: WorkerFeeds } = {},
): Projections {
  const feeds = options.feeds;
  const pollMs = options.pollMs ?? 20;
  let closed = false;
  /** one read of a checkpoint at a time, shared by every request waiting on it */
  const tracker = (read: () => Promise<number>) => {
    let inFlight: Promise<number> | null = null;
    const t = {
      position: 0,
      /** when the last read began (ms): with a feed connected, the waiting reads together read every FEED_FALLBACK_POLL_MS */
      readAt: 0,
      refresh: () =>
        (inFlight ??= ((t.readAt = Date.now()), read())
          .then((cp) => (t.position = Math.max(t.position, cp)))
          .finally(() => {
            inFlight = null;
          })),
    };
    return t;
  };
  const all = tracker(() => storage.checkpoint());
  const readModels = tracker(() => storage.readModels.checkpoint());
  // what the workers' feeds say they have written
  const pushed = (scope: ReadScope) => {
    const p = feeds?.positions();
    return p ? (scope === 'read-models' ? p.read_models : p.all) : 0;
  };
  /** the position this process's own refreshes made searchable (it never passes the feeds' `indexed`) */
  let refreshed = 0;
  const refreshNow = storage.search.refreshNow?.bind(storage.search);
  /** true once searches see `target`: the feeds say the index holds it, and a refresh started after that is done */
  const refreshedTo = async (target: number): Promise<boolean> => {
    const indexed = feeds?.positions().indexed ?? 0;
    if (!refreshNow || indexed < target) return false;
    try {
      await refreshNow();
    } catch {
      // the wait goes on as without it: the worker's own refresh moves the checkpoint
      return false;
    }
    refreshed = Math.max(refreshed, indexed);
    return true;
  };
  // a worker in this process has written the read models up to its checkpoint (the index may be behind)
  const positionOf = (scope: ReadScope = 'all') =>
    Math.max(all.position, pushed(scope), scope === 'read-models' ? Math.max(readModels.position, options.worker?.checkpoint() ?? 0) : refreshed);
  return {
    storage,
    checkpoint: positionOf,
    // the workers of other processes report theirs on their own /health and /metrics
    failures: () => options.worker?.failures() ?? [],
    async waitForPosition(target, timeoutMs, scope = 'all') {
      const t = scope === 'read-models' ? readModels : all;
      const end = Date.now() + timeoutMs;
      while (!closed) {
        if (positionOf(scope) >= target) return true;
        if (scope === 'all' && (await refreshedTo(target))) return true;
        const fed = feeds?.connected() === true;
        if (!fed || Date.now() - t.readAt >= FEED_FALLBACK_POLL_MS) {
          await t.refresh();
          if (positionOf(scope) >= target) return true;
        }
        const left = end - Date.now();
        if (left <= 0) return false;
        if (fed) await feeds.next(Math.min(left, Math.max(1, t.readAt + FEED_FALLBACK_POLL_MS - Date.now())));
        else await new Promise((r) => setTimeout(r, Math.min(left, pollMs)));
      }
      return false;
    },
    async lag() {
      return Math.max(0, (await store.headPosition()) - (await all.refresh()));
    },
    head: () => store.headPosition(),
    ready: all.refresh().then(() => undefined),
    async rebuild() {
      throw new Error('rebuild the distributed projections with the replay tool (reset the storage, reset the consumer group)');
    },
    async close() {
      closed = true;
      await feeds?.close();
      await options.worker?.close();
      await storage.close();
    },
  };
}

export { BusProjectionWorker };
