import type { ChildSite } from './server';
import { round } from './util';

/** What the first correct answer must equal: the listed total and the newest and latest-updated pages. */
const CHECKED = ['/v2/search?limit=1', '/v2/search?limit=20&index=newest', '/v2/search?limit=20&index=updated'];

async function answers(url: string): Promise<string> {
  const out: string[] = [];
  for (const path of CHECKED) out.push(await (await fetch(url + path)).text());
  return out.join('\n');
}

/** The `modshelf_search_loaded` line of /metrics: how the search index loaded at start, and the rows it read. */
async function searchLoaded(url: string): Promise<{ from: string; rows: number } | null> {
  const m = /modshelf_search_loaded\{from="([^"]+)"\} (\d+)/.exec(await (await fetch(`${url}/metrics`)).text());
  return m ? { from: m[1], rows: Number(m[2]) } : null;
}

/**
 * `crash_start_s`: once the site has projected the commands sent so far, kill -9, then the time from the new spawn to the
 * first answer equal to what the site answered before the crash (as `cold_start_s` measures after a clean stop).
 */
export async function crashStart(site: ChildSite) {
  for (;;) {
    const h = (await (await fetch(`${site.url}/health`)).json()) as { projection_lag: number };
    if (h.projection_lag === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const expected = await answers(site.url);
  await site.crash();
  const t = performance.now();
  await site.restart();
  while (performance.now() - t < 600_000) {
    if ((await answers(site.url).catch(() => '')) === expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - t) / 1000;
  if ((await answers(site.url)) !== expected) throw new Error('after kill -9 the site did not answer as before it');
  return { crash_start_s: round(seconds), crash_start_search_loaded: await searchLoaded(site.url) };
}
