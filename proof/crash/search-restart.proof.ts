import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ok, signIn, signUp } from '../harness/api';
import { listedProject } from '../harness/catalogue';
import { ADMIN, startSiteProcess, tempDataDir, waitProjected, type SiteProcess } from '../harness/site-process';

/** Every listed project in each order, facets, a word and a typo of a word only an edit brought. */
const QUERIES = [
  ...['relevance', 'downloads', 'follows', 'newest', 'updated'].map((index) => `/v2/search?limit=100&index=${index}`),
  `/v2/search?limit=100&index=newest&facets=${encodeURIComponent('[["categories:technology"]]')}`,
  `/v2/search?limit=100&index=newest&facets=${encodeURIComponent('[["categories:utility"]]')}`,
  '/v2/search?limit=100&query=zeppelin',
  '/v2/search?limit=100&query=zepelin%20harbour',
];

async function answers(url: string) {
  const out: unknown[] = [];
  for (const q of QUERIES) {
    const body = (await ok<{ total_hits: number; hits: Array<{ project_id: string; title: string; follows: number }> }>(url, 'GET', q)).body;
    out.push([q, body.total_hits, body.hits.map((h) => [h.project_id, h.title, h.follows])]);
  }
  return out;
}

/** The `modshelf_search_loaded` line of /metrics: how the search index loaded at start, and the rows it read. */
async function searchLoaded(url: string): Promise<{ from: string; rows: number }> {
  const text = (await ok<string>(url, 'GET', '/metrics')).text;
  const m = /modshelf_search_loaded\{from="([^"]+)"\} (\d+)/.exec(text);
  if (!m) throw new Error(`no modshelf_search_loaded in /metrics`);
  return { from: m[1], rows: Number(m[2]) };
}

describe('the search index after kill -9', () => {
  const data = tempDataDir('search-restart');
  const rebuilt = tempDataDir('search-rebuilt');
  const sites: SiteProcess[] = [];
  afterAll(async () => {
    for (const s of sites) await s.stop();
    data.remove();
    rebuilt.remove();
  });

  it('starts from its snapshot and the rows changed after it, and answers as a site that rebuilt its projections from the log', async () => {
    // a snapshot only at the first commit and at close: every later change is in the delta
    const site = await startSiteProcess(data.dir, { SEARCH_SNAPSHOT_EVERY_CHANGES: '0', SEARCH_SNAPSHOT_EVERY_MS: '0' });
    sites.push(site);
    const staff = await signIn(site.url, ADMIN.username, ADMIN.password);
    const owner = await signUp(site.url, 'search_restart_owner');
    const fan = await signUp(site.url, 'search_restart_fan');
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await listedProject(site.url, owner.token, staff, `search-restart-${i}`));
    await waitProjected(site.url);
    // a clean restart: the snapshot stored at close holds all eight
    await site.stop();
    await site.restart();
    expect(await searchLoaded(site.url)).toEqual({ from: 'snapshot', rows: 0 });

    // then writes: text, facets, numbers, a project leaving search and new ones
    await ok(site.url, 'PATCH', `/v2/project/${ids[0]}`, { token: owner.token, json: { title: 'Zeppelin Harbour', description: 'airships' } });
    await ok(site.url, 'PATCH', `/v2/project/${ids[1]}`, { token: owner.token, json: { categories: ['technology'] } });
    for (const id of ids.slice(2, 5)) await ok(site.url, 'POST', `/v2/project/${id}/follow`, { token: fan.token });
    await ok(site.url, 'PATCH', `/v2/project/${ids[5]}`, { token: staff, json: { status: 'rejected' } });
    for (let i = 8; i < 11; i++) ids.push(await listedProject(site.url, owner.token, staff, `search-restart-${i}`));
    await waitProjected(site.url);
    const before = await answers(site.url);
    expect((before[7] as unknown[])[1]).toBe(1);

    await site.crash();
    // the same data, its projections dropped: a site that rebuilds them from the log reads every row
    cpSync(data.dir, rebuilt.dir, { recursive: true });
    for (const f of ['projections.sqlite', 'projections.sqlite-wal', 'projections.sqlite-shm']) rmSync(join(rebuilt.dir, f), { force: true });
    await site.restart();
    const fresh = await startSiteProcess(rebuilt.dir);
    sites.push(fresh);
    await waitProjected(fresh.url);

    const loaded = await searchLoaded(site.url);
    expect(loaded.from).toBe('snapshot+delta');
    // the rows the writes changed (eleven projects at most), not the catalogue
    expect(loaded.rows).toBeGreaterThanOrEqual(6);
    expect(loaded.rows).toBeLessThanOrEqual(11);
    expect((await searchLoaded(fresh.url)).from).toBe('rows');
    expect(await answers(site.url)).toEqual(before);
    expect(await answers(fresh.url)).toEqual(before);
  });
});
