import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { startProjections } from '../index';
import { PROJECTIONS_SCHEMA, SqliteProjectionStorage, projectionsPath } from '../storage/sqlite-storage';
import { appendUnreadable, projectionDifferences, SAME_QUERIES } from '../testing/same-projections';
import { FirstBuildProjections } from './first-build';
import type { Projections } from './projections';
import { ProjectionRunner } from './runner';

/** Whether a process of that pid is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("a site's first start over a long log builds in a child process (first-build.ts)", () => {
  let dir: string;
  let store: SqliteEventStore;
  const opened: Array<Projections | ProjectionRunner> = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'first-build-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db') });
  });
  afterEach(async () => {
    for (const p of opened.splice(0)) await p.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a build in this process stores from the same log (the reference). */
  async function builtHere(): Promise<ProjectionRunner> {
    const runner = new ProjectionRunner(store, new SqliteProjectionStorage(join(dir, 'reference.sqlite')));
    opened.push(runner);
    await runner.catchUp();
    return runner;
  }

  it('answers while the child builds, then serves what it built and what the log gained meanwhile, as a build here would', async () => {
    writeCatalogueEvents(store, 150);
    const atStart = await store.headPosition();
    const logs: string[] = [];
    const projections = await startProjections({ store, dataDir: dir, firstBuild: { minEvents: 1 }, options: { log: (m) => logs.push(m) } });
    opened.push(projections);
    expect(projections).toBeInstanceOf(FirstBuildProjections);
    const first = projections as FirstBuildProjections;
    // while it builds: an empty storage answers, at checkpoint 0, and the log goes on growing
    expect(first.child?.pid).toBeGreaterThan(0);
    expect(first.child!.pid).not.toBe(process.pid);
    expect(projections.checkpoint()).toBe(0);
    expect((await projections.storage.search.search(SAME_QUERIES[0])).total).toBe(0);
    writeCatalogueEvents(store, 40, 9, 150);
    const head = await store.headPosition();
    expect(await projections.waitForPosition(head, 60_000)).toBe(true);
    await projections.ready;

    expect(first.report).toEqual(expect.objectContaining({ position: atStart, events: atStart, failures: [] }));
    expect(first.child).toBeNull();
    expect(projections.checkpoint()).toBe(head);
    expect(await projections.storage.checkpoint()).toBe(head);
    expect(existsSync(`${projectionsPath(dir)}.build`)).toBe(false);
    expect(logs.some((m) => /^first build: \d+ events in [\d.]+ s, in a child process$/.test(m))).toBe(true);
    const { documents, differences } = await projectionDifferences((await builtHere()).storage, projections.storage);
    expect(differences).toEqual([]);
    expect(documents).toBeGreaterThan(1000);

    // and it tails the log as any start does
    writeCatalogueEvents(store, 5, 11, 190);
    expect(await projections.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
  });

  it('a log shorter than the threshold, a storage that holds projections, or firstBuild false: the start folds in this process', async () => {
    writeCatalogueEvents(store, 20);
    const short = await startProjections({ store, dataDir: dir, firstBuild: { minEvents: 1_000_000 } });
    opened.push(short);
    expect(short).toBeInstanceOf(ProjectionRunner);
    await short.ready;
    await opened.pop()!.close();
    // the file holds projections now: a restart catches up from its checkpoint
    writeCatalogueEvents(store, 5, 9, 20);
    const restarted = await startProjections({ store, dataDir: dir, firstBuild: { minEvents: 1 } });
    opened.push(restarted);
    expect(restarted).toBeInstanceOf(ProjectionRunner);
    await restarted.ready;
    expect(restarted.checkpoint()).toBe(await store.headPosition());
    await opened.pop()!.close();
    rmSync(projectionsPath(dir));
    const off = await startProjections({ store, dataDir: dir, firstBuild: false });
    opened.push(off);
    expect(off).toBeInstanceOf(ProjectionRunner);
    await off.ready;
  });

  it('a projections file of another layout (emptied when opened) is built again in the child', async () => {
    writeCatalogueEvents(store, 30);
    const before = await startProjections({ store, dataDir: dir, firstBuild: false });
    await before.ready;
    await before.close();
    const file = new Database(projectionsPath(dir));
    file.pragma(`user_version = ${PROJECTIONS_SCHEMA - 2}`);
    file.close();
    const projections = await startProjections({ store, dataDir: dir, firstBuild: { minEvents: 1 }, options: { log: () => {} } });
    opened.push(projections);
    expect(projections).toBeInstanceOf(FirstBuildProjections);
    await projections.ready;
    expect((projections as FirstBuildProjections).report?.events).toBe(await store.headPosition());
    expect(projections.checkpoint()).toBe(await store.headPosition());
  });

  it('a child that fails leaves the build to this process, and a leftover file of an interrupted first start is replaced', async () => {
    writeCatalogueEvents(store, 40);
    const path = projectionsPath(dir);
    writeFileSync(`${path}.build`, 'what a killed first start left');
    const logs: string[] = [];
    // a log the child cannot open (a file stands where its folder would): it exits without building
    const projections = new FirstBuildProjections({
      store,
      eventsPath: join(dir, 'events.db', 'events.db'),
      path,
      open: () => new SqliteProjectionStorage(path),
      options: { log: (m) => logs.push(m) },
    });
    opened.push(projections);
    await projections.ready;
    expect(projections.report).toBeNull();
    expect(logs).toContain('first build: the child process failed; building in this process');
    expect(projections.checkpoint()).toBe(await store.headPosition());
    expect(existsSync(`${path}.build`)).toBe(false);
    const { differences } = await projectionDifferences((await builtHere()).storage, projections.storage);
    expect(differences).toEqual([]);

    // the leftover is replaced when the child builds
    await opened.pop()!.close();
    rmSync(path);
    writeFileSync(`${path}.build`, 'what a killed first start left');
    const again = await startProjections({ store, dataDir: dir, firstBuild: { minEvents: 1 } });
    opened.push(again);
    await again.ready;
    expect((again as FirstBuildProjections).report?.events).toBe(await store.headPosition());
  });

  it('an event a projector cannot fold halts the site at it, as a build in this process halts', async () => {
    writeCatalogueEvents(store, 30);
    // a version of its schema no upcaster reads: the fold throws at it
    const bad = await appendUnreadable(store);
    writeCatalogueEvents(store, 10, 11, 30);
    const projections = (await startProjections({ store, dataDir: dir, firstBuild: { minEvents: 1 }, options: { log: () => {} } })) as FirstBuildProjections;
    opened.push(projections);
    await projections.ready;
    expect(projections.report?.failures).toEqual([expect.objectContaining({ position: bad, projector: 'upcast' })]);
    expect(projections.failures()).toEqual([expect.objectContaining({ position: bad, projector: 'upcast' })]);
    expect(projections.checkpoint()).toBe(bad - 1);
    const here = await builtHere();
    expect(here.failures()).toEqual([expect.objectContaining({ position: bad })]);
    expect((await projectionDifferences(here.storage, projections.storage)).differences).toEqual([]);
  });

  it('closing while the child builds stops it and leaves no file of it', async () => {
    writeCatalogueEvents(store, 150);
    const projections = (await startProjections({ store, dataDir: dir, firstBuild: { minEvents: 1 }, options: { log: () => {} } })) as FirstBuildProjections;
    const pid = projections.child!.pid!;
    await projections.close();
    expect(alive(pid)).toBe(false);
    expect(existsSync(`${projectionsPath(dir)}.build`)).toBe(false);
    expect(projections.report).toBeNull();
  });
});
