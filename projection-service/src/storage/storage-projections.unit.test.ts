import { describe, expect, it } from 'vitest';
import type { EventStore } from '@modshelf/events';
import type { ReadModelStore } from '../read-model/port';
import type { SearchIndex } from '../search/port';
import { storageProjections } from './distributed';
import type { ProjectionStorage } from './port';

/** Two stores at their own checkpoints, counting the reads of each, as a query replica sees the workers' storage. */
function twoStores(readModelsAt: number, searchAt: number) {
  const reads = { readModels: 0, both: 0 };
  const at = { readModels: readModelsAt, search: searchAt };
  const storage = {
    readModels: {
      checkpoint: async () => {
        reads.readModels++;
        return at.readModels;
      },
    } as Pick<ReadModelStore, 'checkpoint'> as ReadModelStore,
    search: { checkpoint: async () => at.search } as Pick<SearchIndex, 'checkpoint'> as SearchIndex,
    checkpoint: async () => {
      reads.both++;
      return Math.min(at.readModels, at.search);
    },
    close: async () => {},
  } as Pick<ProjectionStorage, 'readModels' | 'search' | 'checkpoint' | 'close'> as ProjectionStorage;
  const store = { headPosition: async () => 100 } as Pick<EventStore, 'headPosition'> as EventStore;
  return { projections: storageProjections(storage, store, { pollMs: 2 }), reads, at };
}

describe('storageProjections: a read waits only for the stores it reads', () => {
  it('a read of the read models passes once they have, while the index is still behind; a search waits for both', async () => {
    const { projections, at } = twoStores(10, 5);
    await projections.ready;
    expect(await projections.waitForPosition(8, 200, 'read-models')).toBe(true);
    expect(projections.checkpoint('read-models')).toBe(10);
    // the index has not passed 8: a search may not answer yet
    expect(projections.checkpoint()).toBe(5);
    expect(await projections.waitForPosition(8, 30)).toBe(false);
    at.search = 9;
    expect(await projections.waitForPosition(8, 200)).toBe(true);
    expect(projections.checkpoint('all')).toBe(9);
    await projections.close();
  });

  it("waiting for the read models reads only their checkpoint (one round trip), never the index's", async () => {
    const { projections, reads } = twoStores(10, 5);
    await projections.ready;
    const before = { ...reads };
    await projections.waitForPosition(10, 200, 'read-models');
    expect(reads.readModels - before.readModels).toBeGreaterThan(0);
    expect(reads.both - before.both).toBe(0);
    await projections.close();
  });

  it('the position a search sees never runs ahead of the read models, and head() is the log head', async () => {
    const { projections, at } = twoStores(4, 7);
    await projections.ready;
    expect(projections.checkpoint()).toBe(4);
    at.readModels = 6;
    await projections.waitForPosition(6, 200, 'read-models');
    expect(projections.checkpoint('read-models')).toBe(6);
    expect(projections.checkpoint()).toBe(4);
    expect(await projections.head()).toBe(100);
    await projections.close();
  });
});
