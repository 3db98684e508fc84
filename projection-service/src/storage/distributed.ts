import type { EventStore } from '@modshelf/events';
import type { EventBus } from '@modshelf/events/bus';
import { MongoReadModels } from '../read-model/mongodb';
import type { Projections } from '../runner/runner';
import { BusProjectionWorker } from '../runner/bus-worker';
import { OpenSearchIndex } from '../search/opensearch';
import { JournaledStorage } from './journaled';
import type { ProjectionStorage } from './port';

export interface DistributedStorageOptions {
  mongodbUrl: string;
  opensearchUrl: string;
  /** database (MongoDB) and index prefix (OpenSearch); default 'modshelf'. */
  name?: string;
}

/**
 * Read models in MongoDB and the search index in OpenSearch, written side by side after a redo
 * journal (journaled.ts); the index is refreshed beside the next batches (OpenSearchIndexOptions.deferRefresh).
 */
export function distributedStorage(o: DistributedStorageOptions): ProjectionStorage {
  const name = o.name ?? 'modshelf';
  return new JournaledStorage(
    new MongoReadModels({ url: o.mongodbUrl, database: name, prefix: 'rm_' }),
    new OpenSearchIndex({ node: o.opensearchUrl, prefix: name, deferRefresh: true }),
  );
}

/**
 * The Projections the query API needs, over storage written by bus workers (possibly in other
 * processes): the position comes from the storage's checkpoint, polled.
 */
export function storageProjections(
  storage: ProjectionStorage,
  store: EventStore,
  options: { pollMs?: number; worker?: BusProjectionWorker } = {},
): Projections {
  const pollMs = options.pollMs ?? 20;
  let position = 0;
  let closed = false;
  // one read of the storage's checkpoint at a time, shared by every request waiting on it
  let inFlight: Promise<number> | null = null;
  const refresh = () =>
    (inFlight ??= storage
      .checkpoint()
      .then((cp) => (position = Math.max(position, cp)))
      .finally(() => {
        inFlight = null;
      }));
  return {
    storage,
    checkpoint: () => Math.max(position, options.worker?.checkpoint() ?? 0),
    // the workers of other processes report theirs on their own /health and /metrics
    failures: () => options.worker?.failures() ?? [],
    async waitForPosition(target, timeoutMs) {
      const end = Date.now() + timeoutMs;
      while (!closed) {
        if ((await refresh()) >= target) return true;
        if (Date.now() >= end) return false;
        await new Promise((r) => setTimeout(r, pollMs));
      }
      return false;
    },
    async lag() {
      return Math.max(0, (await store.headPosition()) - (await refresh()));
    },
    ready: refresh().then(() => undefined),
    async rebuild() {
      throw new Error('rebuild the distributed projections with the replay tool (reset the storage, reset the consumer group)');
    },
    async close() {
      closed = true;
      await options.worker?.close();
      await storage.close();
    },
  };
}

export { BusProjectionWorker };
