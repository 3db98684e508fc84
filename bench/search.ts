import { join } from 'node:path';
import { SqliteEventStore } from '@modshelf/events';
import { ADJECTIVES, NOUNS } from '@modshelf/events/generator';
import { waitProjected } from '../proof/harness/site-process';
import { load } from './load';
import { startChildSite } from './server';
import { log, round, tempDir } from './util';
import { quiet } from './commands-cpu';
import { writeGeneratedLog } from './scale-log';

/** query words: the generator's title words */
const ADJ = ADJECTIVES.map((w) => w.toLowerCase());
const NOUN = NOUNS.map((w) => w.toLowerCase());

const f = (facets: string[][]) => encodeURIComponent(JSON.stringify(facets));

/** Typo of a word: one substitution (words of 5+ letters get one edit, 9+ two). */
function typo(word: string, r: () => number): string {
  const i = 1 + Math.floor(r() * (word.length - 2));
  const c = 'aeiourstln'[Math.floor(r() * 10)];
  return word.slice(0, i) + (word[i] === c ? 'x' : c) + word.slice(i + 1);
}

/**
 * A realistic mix of distinct requests: empty queries with facets, selective and
 * broad words, typos, prefixes, sorts and pages. A third repeat a few popular
 * requests (as a home page does); the rest are all different, so a result cache
 * cannot carry the figures.
 */
export function searchMix(n = 3000, seed = 9): string[] {
  let s = seed;
  const r = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
  const cats = ['magic', 'technology', 'storage', 'adventure', 'decoration', 'mobs', 'utility', 'worldgen'];
  const types = ['mod', 'modpack', 'server', 'behaviorpack'];
  const sorts = ['relevance', 'downloads', 'follows', 'newest', 'updated'];
  const popular = [
    `/v2/search?facets=${f([['project_type:mod']])}&index=downloads`,
    `/v2/search?facets=${f([['project_type:modpack']])}&index=downloads`,
    `/v2/search?facets=${f([['project_type:server']])}&index=follows`,
    `/v2/search?index=newest`,
  ];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 9;
    const page = `&offset=${10 * Math.floor(r() * 5)}&index=${pick(sorts)}`;
    if (i % 3 === 0) out.push(pick(popular));
    else if (kind === 1) out.push(`/v2/search?facets=${f([[`project_type:${pick(types)}`], [`categories:${pick(cats)}`, `categories:${pick(cats)}`]])}${page}`);
    else if (kind === 2) out.push(`/v2/search?query=${pick(ADJ)}%20${pick(NOUN)}${page}`);
    else if (kind === 4) out.push(`/v2/search?query=${pick(['mod', 'adds', 'world', 'fan'])}${page}`);
    else if (kind === 5) out.push(`/v2/search?query=${typo(pick(NOUN.filter((w) => w.length >= 5)), r)}${page}`);
    else if (kind === 7) out.push(`/v2/search?query=${pick(NOUN).slice(0, 3 + Math.floor(r() * 2))}${page}`);
    else out.push(`/v2/search?query=${pick(NOUN)}&facets=${f([[`versions:${pick(['1.0.3', '1.11.4', '1.16.201-arm64'])}`]])}${page}`);
  }
  return out;
}

/** Search figures at a catalogue size, on the site run as its own process. */
export async function benchSearchAt(count: number) {
  const tmp = tempDir(`search-${count}`);
  try {
    const store = new SqliteEventStore({ path: join(tmp.dir, 'events.db') });
    let t = performance.now();
    // the log as a site writes it (the scale section's: lookup tables, the revenue accrual's credits and checkpoint), so the
    // site's first start builds its projections and has nothing else to catch up
    const { events } = await writeGeneratedLog(store, count, 42, 0);
    await store.close();
    log(`search ${count}: wrote ${events} events in ${round((performance.now() - t) / 1000)} s`);
    t = performance.now();
    const site = await startChildSite(tmp.dir);
    try {
      await waitProjected(site.url, 900_000);
      const projectSecs = (performance.now() - t) / 1000;
      // the site goes on working once its projections are current (at 100k: 2.6 s of CPU in the next 3.5 s); the passes
      // measure searches alone, after it
      const settled = await quiet(site.pid);
      log(`search ${count}: projected in ${round(projectSecs)} s, quiet after ${settled.seconds} s more; warming up`);
      for (const path of searchMix(50, 1)) await fetch(site.url + path).then((r) => r.arrayBuffer());
      const check = (await (await fetch(`${site.url}/v2/search?limit=1`)).json()) as { total_hits: number };
      const single = await load(site.url, 1, searchMix(10_000, 2), { serverPid: site.pid });
      const concurrent = await load(site.url, 16, searchMix(30_000, 3), { serverPid: site.pid });
      return {
        projects: count,
        total_hits_listed: check.total_hits,
        events,
        startup_projection_s: round(projectSecs),
        settle_after_projection: settled,
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
