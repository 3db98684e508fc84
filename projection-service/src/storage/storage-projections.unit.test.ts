import { describe, expect, it } from 'vitest';
import type { EventStore } from '@modshelf/events';
import type { ReadModelStore } from '../read-model/port';
import type { SearchIndex } from '../search/port';
import { storageProjections } from './distributed';
import type { ProjectionStorage } from './port';
import type { WorkerFeeds } from './position-feed-client';
import type { WrittenPositions } from '../runner/position-feed';

/** Two stores at their own checkpoints, counting the reads of each, as a query replica sees the workers' storage. */
function twoStores(readModelsAt: number, searchAt: number, feeds?: WorkerFeeds, refreshNow?: () => Promise<void>) {
  const reads = { readModels: 0, both: 0 };
  const at = { readModels: readModelsAt, search: searchAt };
  const storage = {
    readModels: {
      checkpoint: async () => {
        reads.readModels++;
        return at.readModels;
      },
    } as Pick<ReadModelStore, 'checkpoint'> as ReadModelStore,
    search: { checkpoint: async () => at.search, refreshNow } as Pick<SearchIndex, 'checkpoint' | 'refreshNow'> as SearchIndex,
    checkpoint: async () => {
      reads.both++;
      return Math.min(at.readModels, at.search);
    },
    close: async () => {},
  } as Pick<ProjectionStorage, 'readModels' | 'search' | 'checkpoint' | 'close'> as ProjectionStorage;
  const store = { headPosition: async () => 100 } as Pick<EventStore, 'headPosition'> as EventStore;
  return { projections: storageProjections(storage, store, { pollMs: 2, feeds }), reads, at };
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

/** The workers' position feeds as a replica's client sees them, moved by the test. */
class FakeFeeds implements WorkerFeeds {
  current: WrittenPositions = { read_models: 0, all: 0, indexed: 0 };
  isConnected = true;
  private waiters: Array<() => void> = [];
  positions() {
    return this.current;
  }
  connected() {
    return this.isConnected;
  }
  status() {
    return { connected: this.isConnected ? 1 : 0, of: 1 };
  }
  next(ms: number) {
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      setTimeout(resolve, ms);
    });
  }
  advance(p: WrittenPositions) {
    this.current = p;
    for (const wake of this.waiters.splice(0)) wake();
  }
  async close() {}
}

/** Both stores at 2, followed through `feeds`; `readsSince()` counts the read models' checkpoint reads since it was made. */
async function fed(connected = true, refreshNow?: () => Promise<void>) {
  const feeds = new FakeFeeds();
  feeds.isConnected = connected;
  const { projections, reads, at } = twoStores(2, 2, feeds, refreshNow);
  await projections.ready;
  const before = reads.readModels;
  return { feeds, projections, at, readsSince: () => reads.readModels - before };
}

describe("storageProjections with the workers' position feeds", () => {
  it('a waiting read wakes when a feed says its position is written, without polling the checkpoints', async () => {
    const { feeds, projections, readsSince } = await fed();
    const waited = projections.waitForPosition(5, 5_000, 'read-models');
    await new Promise((r) => setTimeout(r, 50));
    feeds.advance({ read_models: 5, all: 3, indexed: 3 });
    expect(await waited).toBe(true);
    // one read of the checkpoint when the wait began; the polls (every 2 ms without a feed) did not happen
    expect(readsSince()).toBe(1);
    expect(projections.checkpoint('read-models')).toBe(5);
    // the index is written up to 3: a search at 5 still waits
    expect(projections.checkpoint('all')).toBe(3);
    expect(await projections.waitForPosition(5, 20)).toBe(false);
    feeds.advance({ read_models: 6, all: 6, indexed: 6 });
    expect(await projections.waitForPosition(5, 5_000)).toBe(true);
    await projections.close();
  });

  it('many reads waiting on a feed read the checkpoints together, every 200 ms, not each on its own', async () => {
    const { projections, at, readsSince } = await fed();
    const waits = Array.from({ length: 20 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 10)).then(() => projections.waitForPosition(9, 5_000, 'read-models')),
    );
    setTimeout(() => (at.readModels = 9), 450);
    expect(await Promise.all(waits)).toEqual(Array(20).fill(true));
    // about three reads in 450 ms; twenty waiters each reading every 200 ms would make 40 or more
    expect(readsSince()).toBeLessThan(8);
    await projections.close();
  });

  it('a feed that says nothing is backed by a slower poll of the checkpoints', async () => {
    const { projections, at, readsSince } = await fed();
    setTimeout(() => (at.readModels = 7), 30);
    expect(await projections.waitForPosition(7, 5_000, 'read-models')).toBe(true);
    // two or three reads (every 200 ms), not one every 2 ms
    expect(readsSince()).toBeLessThan(5);
    await projections.close();
  });

  it('while no feed is connected, a waiting read polls the checkpoints as without feeds', async () => {
    const { projections, at, readsSince } = await fed(false);
    setTimeout(() => (at.readModels = 7), 60);
    expect(await projections.waitForPosition(7, 5_000, 'read-models')).toBe(true);
    expect(readsSince()).toBeGreaterThan(5);
    await projections.close();
  });
});

describe('storageProjections: a search the index holds but has not refreshed', () => {
  it("refreshes the index itself once the feeds say `indexed`, instead of waiting for the worker's refresh", async () => {
    let refreshes = 0;
    const { feeds, projections } = await fed(true, async () => {
      refreshes++;
    });
    // the index holds up to 4 only: a search at 5 waits, and nothing is refreshed for it
    feeds.advance({ read_models: 5, all: 2, indexed: 4 });
    expect(await projections.waitForPosition(5, 30)).toBe(false);
    expect(refreshes).toBe(0);
    const waited = projections.waitForPosition(5, 5_000);
    await new Promise((r) => setTimeout(r, 20));
    feeds.advance({ read_models: 6, all: 2, indexed: 6 });
    expect(await waited).toBe(true);
    expect(refreshes).toBe(1);
    // what the refresh made searchable: the `indexed` seen before it, never past it
    expect(projections.checkpoint('all')).toBe(6);
    // a read of the read models never refreshes the index
    expect(await projections.waitForPosition(6, 200, 'read-models')).toBe(true);
    expect(refreshes).toBe(1);
    await projections.close();
  });

  it("a refused refresh leaves the search waiting for the worker's own refresh", async () => {
    const { feeds, projections } = await fed(true, async () => {
      throw new Error('refresh refused');
    });
    feeds.advance({ read_models: 5, all: 2, indexed: 5 });
    expect(await projections.waitForPosition(5, 30)).toBe(false);
    expect(projections.checkpoint('all')).toBe(2);
    setTimeout(() => feeds.advance({ read_models: 5, all: 5, indexed: 5 }), 20);
    expect(await projections.waitForPosition(5, 5_000)).toBe(true);
    await projections.close();
  });
});
