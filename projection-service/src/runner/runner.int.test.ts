import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadsCounted, ProjectFollowed, downloadsStream, followsStream } from '@modshelf/events';
import { Fixtures } from '../testing/fixtures';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import { ProjectionRunner } from './runner';
import { countTurns } from '@modshelf/events/testing/event-loop-turns';

describe('ProjectionRunner', () => {
  let dir: string;
  let fx: Fixtures;
  let runner: ProjectionRunner;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proj-'));
    fx = Fixtures.memory();
  });
  afterEach(async () => {
    await runner?.close();
    await fx.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches up, tails live appends, and waits for positions', async () => {
    const alice = await fx.user('alice');
    const p = await fx.project(alice, { title: 'Gravestones' });
    runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(join(dir, 'p.sqlite')));
    await runner.start();
    await runner.ready;
    expect(runner.checkpoint()).toBe(await fx.store.headPosition());
    const v = await fx.version(p, alice, { version_number: '1.0.0' });
    expect(await runner.waitForPosition(v.position, 2000)).toBe(true);
    const doc = await runner.storage.readModels.get('projects', p);
    expect(doc?.version_list.map((x) => x.id)).toEqual([v.id]);
    expect(await runner.lag()).toBe(0);
    expect(await runner.waitForPosition(v.position + 100, 50)).toBe(false);
  });

  it('catching up a long log lets requests run between pages', async () => {
    const alice = await fx.user('alice');
    for (let i = 0; i < 6; i++) await fx.project(alice, { title: `Project ${i}` });
    const head = await fx.store.headPosition();
    runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(join(dir, 'p.sqlite')), { batchSize: 2, buildBatchSize: 2, catchUpBatchSize: 2 });
    const loop = countTurns();
    await runner.start();
    await runner.ready;
    const turns = loop.stop();
    expect(runner.checkpoint()).toBe(head);
    // pages of 2 events: a turn of the event loop between each two
    expect(turns).toBeGreaterThanOrEqual(Math.floor(head / 2) - 1);
  });

  it('counts follows once and downloads, and survives a restart from its checkpoint', async () => {
    const alice = await fx.user('alice');
    const bob = await fx.user('bob');
    const p = await fx.project(alice, { title: 'Followable' });
    await fx.emit(followsStream(bob), [ProjectFollowed({ user_id: bob, project_id: p })]);
    await fx.emit(followsStream(bob), [ProjectFollowed({ user_id: bob, project_id: p })]);
    await fx.emit(downloadsStream(p), [DownloadsCounted({ project_id: p, version_id: null, count: 7 })]);
    const path = join(dir, 'p.sqlite');
    runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(path));
    await runner.start();
    await runner.ready;
    await runner.close();
    runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(path));
    await runner.start();
    await runner.ready;
    const pos = await fx.emit(downloadsStream(p), [DownloadsCounted({ project_id: p, version_id: null, count: 3 })]);
    await runner.waitForPosition(pos, 2000);
    const doc = await runner.storage.readModels.get('projects', p);
    expect(doc?.followers).toBe(1);
    expect(doc?.downloads).toBe(10);
    await runner.rebuild();
    expect((await runner.storage.readModels.get('projects', p))?.downloads).toBe(10);
    const res = await runner.storage.search.search({ query: '', filter: [], sort: 'relevance', offset: 0, limit: 10 });
    expect(res.total).toBe(1);
    expect(res.hits[0].follows).toBe(1);
  });

  it('catchUp() without start() on a store that has projected resumes from its checkpoint, not from 0', async () => {
    const alice = await fx.user('alice');
    const p = await fx.project(alice, { title: 'Counted once' });
    await fx.emit(downloadsStream(p), [DownloadsCounted({ project_id: p, version_id: null, count: 7 })]);
    const path = join(dir, 'p.sqlite');
    runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(path));
    await runner.catchUp();
    const first = runner.checkpoint();
    await runner.close();
    await fx.emit(downloadsStream(p), [DownloadsCounted({ project_id: p, version_id: null, count: 3 })]);
    runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(path));
    await runner.catchUp();
    expect(runner.eventsProjected).toBe(1);
    expect(runner.checkpoint()).toBe(first + 1);
    expect((await runner.storage.readModels.get('projects', p))?.downloads).toBe(10);
  });
});

describe('ProjectionRunner failures', () => {
  it('does not skip events when a batch fails to commit: it resubscribes from its checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proj-'));
    const fx = Fixtures.memory();
    const alice = await fx.user('alice');
    const storage = new SqliteProjectionStorage(join(dir, 'p.sqlite'));
    const runner = new ProjectionRunner(fx.store, storage, { log: () => {} });
    await runner.start();
    await runner.ready;
    const commit = storage.commit.bind(storage);
    let failures = 1;
    storage.commit = async (...args) => {
      if (failures-- > 0) throw new Error('disk full');
      return commit(...args);
    };
    const p = await fx.project(alice, { title: 'Survivor' });
    const head = await fx.store.headPosition();
    expect(await runner.waitForPosition(head, 5000)).toBe(true);
    expect((await storage.readModels.get('projects', p))?.status).toBe('approved');
    await runner.close();
    await fx.store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('projections file layout', () => {
  it('rebuilds from the log when the file was written by another layout version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proj-'));
    const fx = Fixtures.memory();
    const alice = await fx.user('alice');
    await fx.project(alice, { title: 'Layout' });
    const path = join(dir, 'p.sqlite');
    let runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(path));
    await runner.start();
    await runner.ready;
    (runner.storage as SqliteProjectionStorage).db.pragma('user_version = 1');
    await runner.close();
    const storage = new SqliteProjectionStorage(path);
    expect(await storage.checkpoint()).toBe(0);
    runner = new ProjectionRunner(fx.store, storage);
    await runner.start();
    await runner.ready;
    expect(runner.checkpoint()).toBe(await fx.store.headPosition());
    expect(await storage.search.count()).toBe(1);
    await runner.close();
    await fx.store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
