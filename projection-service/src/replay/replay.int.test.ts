import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadsCounted, downloadsStream } from '@modshelf/events';
import { startProjections } from '../index';
import { SqliteProjectionStorage, projectionsPath } from '../storage/sqlite-storage';
import { Fixtures } from '../testing/fixtures';
import { replayAndCompare } from './replay';

describe('replayAndCompare', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('rebuilds from the log, finds it equal, then detects a tampered live document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    dirs.push(dir);
    const fx = Fixtures.memory();
    const a = await fx.user('alice');
    for (let i = 0; i < 20; i++) {
      const p = await fx.project(a, { title: `Project ${i}` });
      await fx.version(p, a, { version_number: '1.0' });
      await fx.emit(downloadsStream(p), [DownloadsCounted({ project_id: p, version_id: null, count: i + 1 })]);
    }
    const live = await startProjections({ store: fx.store, dataDir: dir });
    await live.ready;
    await live.close();

    const ok = await replayAndCompare({ store: fx.store, dataDir: dir });
    expect(ok.equal).toBe(true);
    expect(ok.position).toBe(await fx.store.headPosition());
    expect(ok.events).toBe(ok.position);
    expect(ok.differences).toEqual([]);

    const storage = new SqliteProjectionStorage(projectionsPath(dir));
    storage.db
      .prepare(
        "UPDATE rm_docs_recent SET body = json_set(body, '$.downloads', 999999) WHERE coll = 'projects' AND id = (SELECT MIN(id) FROM rm_docs_recent WHERE coll = 'projects')",
      )
      .run();
    await storage.close();
    const bad = await replayAndCompare({ store: fx.store, dataDir: dir });
    expect(bad.equal).toBe(false);
    expect(bad.differences[0]).toMatch(/^projects\/.+: differs$/);
    expect(readdirSync(dir).filter((f) => f.startsWith('replay-'))).toEqual([]);
    await fx.store.close();
  });
});
