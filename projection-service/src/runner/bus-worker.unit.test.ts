import { afterEach, describe, expect, it } from 'vitest';
import { DownloadsCounted, downloadsStream } from '@modshelf/events';
import { InProcessEventBus } from '@modshelf/events/bus';
import { Fixtures } from '../testing/fixtures';
import { PROJECTORS, type Projector } from '../projectors/index';
import { compareStorages } from '../replay/replay';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { ProjectionRunner } from './runner';
import { BusProjectionWorker } from './bus-worker';
import { loadQuarantine, quarantineEvent } from './quarantine';

/** A projector with a bug: it throws on a download count of exactly 7. */
const downloadsBug: Projector = async function downloadsBug(_ctx, e) {
  if (DownloadsCounted.is(e) && e.data.count === 7) throw new Error('cannot fold a count of 7');
};

describe('BusProjectionWorker on a failing projector (in-process bus, in-memory SQLite storage)', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function setup() {
    const fx = Fixtures.memory();
    const alice = await fx.user('alice');
    const project = await fx.project(alice, { title: 'Counted' });
    const count = (n: number) => fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: n })]);
    await count(2);
    const poison = await count(7);
    await count(3);
    // the bus keeps the group's committed position across workers, as Kafka does
    const bus = new InProcessEventBus(fx.store, { retryMs: 10, pollMs: 5 });
    const storage = new SqliteProjectionStorage(':memory:');
    cleanup.push(async () => {
      await bus.close();
      await storage.close();
      await fx.store.close();
    });
    const worker = (projectors?: readonly Projector[]) => {
      const w = new BusProjectionWorker(bus, storage, { projectors, quarantine: () => loadQuarantine(fx.store), haltedRetryMs: 10, log: () => {} });
      return w;
    };
    const downloads = async () => (await storage.readModels.get('projects', project))?.downloads;
    return { fx, project, poison, count, bus, storage, worker, downloads };
  }

  it('halts at the event, keeps the batch on the bus, then resumes with the fixed projector and converges', async () => {
    const s = await setup();
    const broken = s.worker([...PROJECTORS, downloadsBug]);
    await broken.start();
    await expect.poll(() => broken.failures().map((f) => f.position), { timeout: 3000 }).toEqual([s.poison]);
    expect(broken.failures()[0]).toMatchObject({
      projection: 'catalogue',
      projector: 'downloadsBug',
      event_type: 'DownloadsCounted',
      error: 'cannot fold a count of 7',
    });
    expect(await s.storage.checkpoint()).toBe(s.poison - 1);
    expect(await s.downloads()).toBe(2);
    // redeliveries are refused again, nothing after the poison event is applied
    const later = await s.count(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await s.storage.checkpoint()).toBe(s.poison - 1);
    await broken.close();

    const fixed = s.worker();
    await fixed.start();
    await expect.poll(() => s.storage.checkpoint(), { timeout: 3000 }).toBe(later);
    expect(fixed.failures()).toEqual([]);
    expect(await s.downloads()).toBe(13);
    await fixed.close();
    const replay = new SqliteProjectionStorage(':memory:');
    await new ProjectionRunner(s.fx.store, replay).catchUp();
    expect((await compareStorages(s.storage, replay)).differences).toEqual([]);
    await replay.close();
  });

  it('skips exactly a quarantined event and goes on', async () => {
    const s = await setup();
    const broken = s.worker([...PROJECTORS, downloadsBug]);
    await broken.start();
    await expect.poll(() => broken.failures().length, { timeout: 3000 }).toBe(1);
    const done = await quarantineEvent(s.fx.store, { position: s.poison, reason: 'bug #12', operator: 'ops', checkpoint: await s.storage.checkpoint() });
    await expect.poll(() => s.storage.checkpoint(), { timeout: 3000 }).toBe(done.logPosition);
    expect(broken.failures()).toEqual([]);
    expect(await s.downloads()).toBe(5);
    await broken.close();
    const replay = new SqliteProjectionStorage(':memory:');
    await new ProjectionRunner(s.fx.store, replay).catchUp();
    expect((await compareStorages(s.storage, replay)).differences).toEqual([]);
    await replay.close();
  });
});
