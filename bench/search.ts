import autocannon from 'autocannon';
import { join } from 'node:path';
import { SqliteEventStore } from '@modshelf/events';
import { writeDataset } from './dataset';
import { startChildSite, waitProjected } from './server';
import { log, round, tempDir } from './util';

const f = (facets: string[][]) => encodeURIComponent(JSON.stringify(facets));

/** A realistic mix: empty queries with facets, selective and broad words, typos, prefixes, sorts. */
export const SEARCH_MIX = [
  `/v2/search?facets=${f([['project_type:mod'], ['categories:magic']])}`,
  `/v2/search?facets=${f([['versions:1.11.4'], ['project_type:modpack']])}&index=downloads`,
  `/v2/search?facets=${f([['categories:technology', 'categories:storage']])}&index=follows&limit=20`,
  `/v2/search?index=newest`,
  `/v2/search?query=elevators%20copper`,
  `/v2/search?query=golden%20dragons&facets=${f([['project_type:mod']])}`,
  `/v2/search?query=mod`,
  `/v2/search?query=adds%20world&index=downloads`,
  `/v2/search?query=dragins`,
  `/v2/search?query=furnaes`,
  `/v2/search?query=villagrs&facets=${f([['project_type:mod']])}`,
  `/v2/search?query=furn`,
  `/v2/search?query=lant`,
  `/v2/search?query=nether&offset=20&limit=10`,
];

async function load(url: string, connections: number, seconds: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: SEARCH_MIX.map((path) => ({ method: 'GET', path })),
  });
  return {
    connections,
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Search figures at a catalogue size, on the site run as its own process. */
export async function benchSearchAt(count: number) {
  const tmp = tempDir(`search-${count}`);
  try {
    const store = new SqliteEventStore({ path: join(tmp.dir, 'events.db') });
    let t = performance.now();
    const { events } = writeDataset(store, count);
    await store.close();
    log(`search ${count}: wrote ${events} events in ${round((performance.now() - t) / 1000)} s`);
    t = performance.now();
    const site = await startChildSite(tmp.dir);
    try {
      await waitProjected(site.url);
      const projectSecs = (performance.now() - t) / 1000;
      log(`search ${count}: projected in ${round(projectSecs)} s; warming up`);
      for (const path of SEARCH_MIX) await fetch(site.url + path).then((r) => r.arrayBuffer());
      const check = (await (await fetch(`${site.url}/v2/search?limit=1`)).json()) as { total_hits: number };
      const single = await load(site.url, 1, 6);
      const concurrent = await load(site.url, 16, 8);
      return {
        projects: count,
        total_hits_listed: check.total_hits,
        events,
        startup_projection_s: round(projectSecs),
        latency_one_client: single,
        throughput_16_clients: concurrent,
        rss_mb: site.rssMb(),
        goals: { p99_ms: 20, requests_per_s: 1500, rss_mb_at_100k: 500 },
      };
    } finally {
      await site.stop();
    }
  } finally {
    tmp.remove();
  }
}
