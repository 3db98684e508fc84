import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadsCounted, ProjectionEventQuarantined, downloadsStream, projectionQuarantineStream } from '@modshelf/events';
import { Fixtures } from '../testing/fixtures';
import { PROJECTORS, type Projector } from '../projectors/index';
import { replayAndCompare } from '../replay/replay';
import { SqliteProjectionStorage, projectionsPath } from '../storage/sqlite-storage';
import { loadQuarantine, quarantineEvent, QuarantineRefusedError } from './quarantine';
import { ProjectionRunner } from './runner';

/** A projector with a bug: it throws on a download count of exactly 7. */
const downloadsBug: Projector = async function downloadsBug(_ctx, e) {
  if (DownloadsCounted.is(e) && e.data.count === 7) throw new Error('cannot fold a count of 7');
};
const buggy = [...PROJECTORS, downloadsBug];

describe('a projector that throws halts its projection at that event', () => {
  let dir: string;
  let fx: Fixtures;
  let runner: ProjectionRunner | null = null;
  let project: string;
  let poison: number;
  beforeEach(async () => {
    dir = mkdtempSync(`${tmpdir()}/halt-`);
    fx = Fixtures.memory();
    const alice = await fx.user('alice');
    project = await fx.project(alice, { title: 'Counted' });
    await fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: 2 })]);
    poison = await fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: 7 })]);
    await fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: 3 })]);
  });
  afterEach(async () => {
    await runner?.close();
    runner = null;
    await fx.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (projectors?: readonly Projector[]) => {
    runner = new ProjectionRunner(fx.store, new SqliteProjectionStorage(projectionsPath(dir)), {
      projectors,
      quarantinePollMs: 20,
      log: () => {},
    });
    await runner.start();
    await runner.ready;
    return runner;
  };
  const downloads = async () => (await runner!.storage.readModels.get('projects', project))?.downloads;

  it('commits the events before it, nothing of it or after it, and says which event and why', async () => {
    const r = await start(buggy);
    expect(r.checkpoint()).toBe(poison - 1);
    expect(r.failures()).toEqual([
      expect.objectContaining({
        projection: 'catalogue',
        projector: 'downloadsBug',
        position: poison,
        event_type: 'DownloadsCounted',
        stream_id: downloadsStream(project),
        error: 'cannot fold a count of 7',
      }),
    ]);
    // the read models answer from the last good state
    expect(await downloads()).toBe(2);
    // live appends after the poison event are not applied either
    const later = await fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: 1 })]);
    expect(await r.waitForPosition(later, 300)).toBe(false);
    expect(r.checkpoint()).toBe(poison - 1);
    expect(await downloads()).toBe(2);
  });

  it('a poison event reached while tailing halts it too, with the batch before it committed', async () => {
    // a runner that starts before the poison event exists
    await fx.store.close();
    fx = Fixtures.memory();
    const alice = await fx.user('alice');
    project = await fx.project(alice, { title: 'Tailed' });
    const r = await start(buggy);
    const before = await fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: 2 })]);
    expect(await r.waitForPosition(before, 2000)).toBe(true);
    poison = await fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: 7 })]);
    await fx.emit(downloadsStream(project), [DownloadsCounted({ project_id: project, version_id: null, count: 3 })]);
    await expect.poll(() => r.failures().map((f) => f.position), { timeout: 3000 }).toEqual([poison]);
    expect(r.checkpoint()).toBe(poison - 1);
    expect(await downloads()).toBe(2);
  });

  it('after a fix and a restart it resumes from its checkpoint and equals a fresh replay', async () => {
    await start(buggy);
    await runner!.close();
    const r = await start(); // the fixed projectors
    expect(r.failures()).toEqual([]);
    expect(r.checkpoint()).toBe(await fx.store.headPosition());
    expect(await downloads()).toBe(12);
    const report = await replayAndCompare({ store: fx.store, dataDir: dir, live: r.storage });
    expect(report.differences).toEqual([]);
    expect(report.equal).toBe(true);
  });

  it('an audited quarantine makes the halted projection skip exactly that event and go on', async () => {
    const r = await start(buggy);
    const head = await fx.store.headPosition();
    const done = await quarantineEvent(fx.store, {
      position: poison,
      reason: 'count 7 crashes the projector (bug #12)',
      operator: 'ops-oncall',
      checkpoint: r.checkpoint(),
    });
    expect(await r.waitForPosition(done.logPosition, 3000)).toBe(true);
    expect(r.failures()).toEqual([]);
    expect(r.checkpoint()).toBeGreaterThan(head);
    expect(await downloads()).toBe(5); // 2 + 3: only the 7 was skipped
    const audit = await fx.store.readStream(projectionQuarantineStream);
    expect(audit).toHaveLength(1);
    expect(ProjectionEventQuarantined.is(audit[0])).toBe(true);
    expect(audit[0].data).toMatchObject({
      projection: 'catalogue',
      position: poison,
      event_type: 'DownloadsCounted',
      stream_id: downloadsStream(project),
      reason: 'count 7 crashes the projector (bug #12)',
      operator: 'ops-oncall',
    });
    expect(await loadQuarantine(fx.store)).toEqual(new Set([poison]));
    // a fresh replay skips it too, so it converges with the live projection
    const report = await replayAndCompare({ store: fx.store, dataDir: dir, live: r.storage });
    expect(report.equal).toBe(true);
    // and so does a restart of the (still buggy) projectors from scratch
    await r.rebuild();
    expect(r.failures()).toEqual([]);
    expect(await downloads()).toBe(5);
  });

  it('refuses to quarantine an event already folded, a position not in the log, or one quarantined twice', async () => {
    const r = await start(buggy);
    const refused = (position: number) => quarantineEvent(fx.store, { position, reason: 'x', operator: 'ops', checkpoint: r.checkpoint() });
    await expect(refused(poison - 1)).rejects.toThrow(QuarantineRefusedError);
    await expect(refused(poison - 1)).rejects.toThrow(/already folded/);
    await expect(refused(10_000)).rejects.toThrow(/no event at position 10000/);
    await expect(quarantineEvent(fx.store, { position: poison, reason: '  ', operator: 'ops', checkpoint: 0 })).rejects.toThrow(/reason is required/);
    await refused(poison);
    await expect(refused(poison)).rejects.toThrow(/already quarantined/);
    expect(await fx.store.readStream(projectionQuarantineStream)).toHaveLength(1);
  });
});
