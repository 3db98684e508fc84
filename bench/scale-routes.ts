import { json } from './commands';
import type { ChildSite } from './server';
import { round } from './util';

/**
 * Reads whose cost could grow with the catalogue, signed in as staff: the statistics (counts over the read models), the
 * moderation queue and its stats, a project's place in the queue (its team reads it), and a project, its versions and its
 * owner's projects. Each is read twice in a row: `first_ms` pays for what the second finds kept (the statistics' count).
 * One read at a time on an otherwise idle site: every ms of one is a ms in which the site answered nothing else, but for
 * the statistics' count, which runs on a worker thread: `statistics_meanwhile` is the slowest of the project reads made
 * one after another while its first read was counting (and how many), what it held the others.
 */
export async function routeTimes(site: ChildSite, admin: { username: string; password: string }) {
  const token: string = (await json(site, 'POST', '/v2/auth/login', null, admin)).body.session;
  const top = (await json(site, 'GET', '/v2/search?limit=1&index=downloads', null)).body.hits[0] as { project_id: string; author: string };
  const paths = [
    '/v2/statistics',
    '/v2/moderation/projects',
    '/v2/moderation/stats',
    `/v2/project/${top.project_id}/moderation`,
    `/v2/project/${top.project_id}`,
    `/v2/project/${top.project_id}/version`,
    `/v2/user/${encodeURIComponent(top.author)}/projects`,
  ];
  const timed = async (path: string) => {
    const t = performance.now();
    await json(site, 'GET', path, token);
    return round(performance.now() - t);
  };
  const routes: Record<string, { first_ms: number; second_ms: number }> = {};
  let statistics_meanwhile = { reads: 0, slowest_ms: 0 };
  for (const path of paths) {
    const counting = path === '/v2/statistics' ? meanwhile(timed, `/v2/project/${top.project_id}`) : null;
    const first_ms = await timed(path);
    if (counting) statistics_meanwhile = await counting.stop();
    routes[path.replace(top.project_id, '{id}').replace(encodeURIComponent(top.author), '{user}')] = { first_ms, second_ms: await timed(path) };
  }
  // with the statistics' counts worker started
  const routes_rss_mb = site.rssMb();
  return { routes, routes_slowest_ms: Math.max(...Object.values(routes).map((r) => r.first_ms)), statistics_meanwhile, routes_rss_mb };
}

/** Reads `path` one after another until stopped: how many, and the slowest. */
function meanwhile(timed: (path: string) => Promise<number>, path: string) {
  let stopped = false;
  const figures = { reads: 0, slowest_ms: 0 };
  const loop = (async () => {
    while (!stopped) {
      const ms = await timed(path);
      figures.reads++;
      figures.slowest_ms = Math.max(figures.slowest_ms, ms);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return figures;
    },
  };
}
