import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '@modshelf/events/bus';
import { Fixtures } from '../testing/fixtures';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import type { ProjectionStorage } from '../storage/port';
import { WorkerFeedClient } from '../storage/position-feed-client';
import { BusProjectionWorker } from './bus-worker';
import { PositionFeed } from './position-feed';
import { servePositionFeed } from './position-feed-http';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function feedServer(feed: PositionFeed, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => (req.url === '/positions' ? servePositionFeed(feed, req, res) : res.writeHead(404).end()));
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('PositionFeed', () => {
  it('only moves forward, and tells its listeners only when a position moved', () => {
    const feed = new PositionFeed();
    const seen: number[] = [];
    feed.subscribe((p) => seen.push(p.read_models));
    feed.advance({ read_models: 5, all: 3, indexed: 3 });
    feed.advance({ read_models: 4, all: 2, indexed: 2 });
    feed.advance({ read_models: 5, all: 3, indexed: 3 });
    feed.advance({ read_models: 5, all: 5, indexed: 5 });
    expect(feed.get()).toEqual({ read_models: 5, all: 5, indexed: 5 });
    // `indexed` alone moves it too
    feed.advance({ read_models: 5, all: 5, indexed: 6 });
    expect(feed.get()).toEqual({ read_models: 5, all: 5, indexed: 6 });
    expect(seen).toEqual([5, 5, 5]);
  });
});

describe('a projection worker publishes the positions it has written', () => {
  async function setup(storage: ProjectionStorage) {
    const fx = Fixtures.memory();
    const alice = await fx.user('alice');
    await fx.project(alice, { title: 'Fed' });
    const bus = new InProcessEventBus(fx.store, { retryMs: 10, pollMs: 5 });
    const worker = new BusProjectionWorker(bus, storage, { log: () => {} });
    cleanup.push(async () => {
      await worker.close();
      await bus.close();
      await storage.close();
      await fx.store.close();
    });
    return { fx, alice, worker, head: () => fx.store.headPosition() };
  }

  /**
   * A worker over SQLite storage whose index the test says written (`told.onSearchable`, `told.onIndexed`: the
   * storage's listeners of those names), started and past the log's head in its read models.
   */
  async function startedWith(listeners: Array<'onSearchable' | 'onIndexed'>) {
    const sqlite = new SqliteProjectionStorage(':memory:');
    const told = { onSearchable: (_: number) => {}, onIndexed: (_: number) => {} };
    const storage: ProjectionStorage = Object.create(sqlite) as SqliteProjectionStorage;
    for (const name of listeners)
      storage[name] = (listener: (position: number) => void) => {
        told[name] = listener;
        return () => {};
      };
    const s = await setup(storage);
    const start = await sqlite.checkpoint();
    await s.worker.start();
    const head = await s.head();
    await expect.poll(() => s.worker.feed.get().read_models, { timeout: 5000 }).toBe(head);
    return { s, start, head, told };
  }

  it('with one commit for both stores, the read models and the index move together', async () => {
    const s = await setup(new SqliteProjectionStorage(':memory:'));
    await s.worker.start();
    const head = await s.head();
    await expect.poll(() => s.worker.feed.get(), { timeout: 5000 }).toEqual({ read_models: head, all: head, indexed: head });
    await s.fx.project(s.alice, { title: 'Later' });
    const later = await s.head();
    await expect.poll(() => s.worker.feed.get(), { timeout: 5000 }).toEqual({ read_models: later, all: later, indexed: later });
  });

  it('with an index written after the read models (onSearchable), `all` follows the index', async () => {
    const { s, start, head, told } = await startedWith(['onSearchable']);
    expect(s.worker.feed.get().all).toBe(start);
    told.onSearchable(head - 1);
    expect(s.worker.feed.get()).toEqual({ read_models: head, all: head - 1, indexed: head - 1 });
    told.onSearchable(head + 5);
    // never past the read models
    expect(s.worker.feed.get()).toEqual({ read_models: head, all: head, indexed: head });
  });

  it('with an index refreshed after its writes (onIndexed), `indexed` follows the writes: at least `all`, never past the read models', async () => {
    const { s, start, head, told } = await startedWith(['onSearchable', 'onIndexed']);
    expect(s.worker.feed.get()).toEqual({ read_models: head, all: start, indexed: start });
    told.onIndexed(head - 1);
    expect(s.worker.feed.get()).toEqual({ read_models: head, all: start, indexed: head - 1 });
    told.onSearchable(head - 1);
    told.onIndexed(head + 5);
    expect(s.worker.feed.get()).toEqual({ read_models: head, all: head - 1, indexed: head });
  });
});

describe("a replica's WorkerFeedClient over HTTP (server-sent events)", () => {
  it('receives the positions and each move, wakes a waiter, and follows a worker that restarts', async () => {
    const feed = new PositionFeed();
    feed.advance({ read_models: 3, all: 2, indexed: 2 });
    const first = await feedServer(feed);
    const client = new WorkerFeedClient([first.url]);
    cleanup.push(() => client.close());
    await expect.poll(() => client.connected(), { timeout: 5000 }).toBe(true);
    await expect.poll(() => client.positions(), { timeout: 5000 }).toEqual({ read_models: 3, all: 2, indexed: 2 });

    const woken = client.next(10_000);
    feed.advance({ read_models: 9, all: 7, indexed: 7 });
    await woken;
    expect(client.positions()).toEqual({ read_models: 9, all: 7, indexed: 7 });

    // the worker goes away: no feed is connected, so reads fall back to polling the checkpoints
    await stop(first.server);
    await expect.poll(() => client.connected(), { timeout: 5000 }).toBe(false);
    // and comes back on the same address: the client connects again and hears the next moves
    const again = await feedServer(feed, Number(new URL(first.url).port));
    cleanup.push(() => stop(again.server));
    await expect.poll(() => client.connected(), { timeout: 10_000 }).toBe(true);
    feed.advance({ read_models: 12, all: 12, indexed: 12 });
    await expect.poll(() => client.positions(), { timeout: 5000 }).toEqual({ read_models: 12, all: 12, indexed: 12 });
  });

  it('takes the highest position of several workers (the active one and its standbys)', async () => {
    const active = new PositionFeed();
    const standby = new PositionFeed();
    active.advance({ read_models: 20, all: 18, indexed: 18 });
    standby.advance({ read_models: 4, all: 4, indexed: 4 });
    const a = await feedServer(active);
    const b = await feedServer(standby);
    cleanup.push(() => stop(a.server));
    cleanup.push(() => stop(b.server));
    const client = new WorkerFeedClient([b.url, a.url]);
    cleanup.push(() => client.close());
    await expect.poll(() => client.positions(), { timeout: 5000 }).toEqual({ read_models: 20, all: 18, indexed: 18 });
    await expect.poll(() => client.status(), { timeout: 5000 }).toEqual({ connected: 2, of: 2 });
  });
});
