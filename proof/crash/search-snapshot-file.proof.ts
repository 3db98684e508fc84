import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ok, signIn, signUp } from '../harness/api';
import { listedProject } from '../harness/catalogue';
import { ADMIN, startSiteProcess, tempDataDir, waitProjected, type SiteProcess } from '../harness/site-process';

/** The `modshelf_search_loaded` line of /metrics: how the search index loaded at start, and the rows it read. */
async function searchLoaded(url: string): Promise<{ from: string; rows: number }> {
  const m = /modshelf_search_loaded\{from="([^"]+)"\} (\d+)/.exec((await ok<string>(url, 'GET', '/metrics')).text);
  if (!m) throw new Error('no modshelf_search_loaded in /metrics');
  return { from: m[1], rows: Number(m[2]) };
}

describe('the compiled site writes its periodic search snapshot from a worker thread', () => {
  const data = tempDataDir('search-snapshot-file');
  let site: SiteProcess | undefined;
  afterAll(async () => {
    await site?.stop();
    data.remove();
  });

  it('the snapshot file appears beside the projections file, and a start after kill -9 loads it', async () => {
    site = await startSiteProcess(data.dir, { SEARCH_SNAPSHOT_EVERY_CHANGES: '1', SEARCH_SNAPSHOT_EVERY_MS: '0' }, { compiled: true });
    const file = join(data.dir, 'projections.sqlite.projections.search-snapshot');
    const staff = await signIn(site.url, ADMIN.username, ADMIN.password);
    const owner = await signUp(site.url, 'snapshot_file_owner');
    await listedProject(site.url, owner.token, staff, 'snapshot-file-0');
    await waitProjected(site.url);
    // the worker (dist/server/search-snapshot-worker.js) takes it after the commits: wait for it
    const until = Date.now() + 60_000;
    while (!existsSync(file) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(file)).toBe(true);
    const before = (await ok<{ total_hits: number }>(site.url, 'GET', '/v2/search?query=snapshot')).body.total_hits;

    await site.crash();
    await site.restart();
    expect((await searchLoaded(site.url)).from).toMatch(/^snapshot/);
    expect((await ok<{ total_hits: number }>(site.url, 'GET', '/v2/search?query=snapshot')).body.total_hits).toBe(before);
  });
});
