import autocannon from 'autocannon';
import { startSiteProcess, waitProjected } from '../proof/harness/site-process';
import { json, KEY, createProject, listProject } from './commands';
import { log, SAMPLE_MS, tempDir } from './util';
import { withCpu } from './commands-cpu';

/** A distinct client address for request n (10.0.0.0/8): each download is a new (client, project) pair. */
export const clientIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function run(url: string, path: string, amount: number, from: number) {
  let n = from;
  const r = await autocannon({
    url,
    connections: 50,
    amount,
    sampleInt: SAMPLE_MS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path, headers: { ...req.headers, 'x-forwarded-for': clientIp(n++) } }) }],
  });
  return {
    requests_per_s: Math.round(r.requests.total / r.duration),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    ok: r['2xx'],
    non_2xx: r.non2xx,
    errors: r.errors,
    requests: r.requests.total,
  };
}

/**
 * The download route (a version file, counted toward the project's and version's downloads) under 50 clients,
 * each request from another client address (the site behind a trusted proxy): requests/s and p99, then, after a
 * kill -9 and a restart (each counted download is journalled before it is answered), the project's download count against
 * the downloads served.
 */
export async function benchDownloads() {
  const tmp = tempDir('downloads');
  const env = {
    RATE_LIMIT_KEY: KEY,
    RATE_LIMIT_PER_MIN: '100000000',
    TRUST_PROXY: 'true',
    ADMIN_USERNAME: 'bench_admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  const site = await startSiteProcess(tmp.dir, env, { compiled: true, admin: false });
  const child = { url: site.url, pid: site.pid(), rssMb: () => 0, stderrTail: site.stderrTail, crash: site.crash, restart: site.restart, stop: site.stop };
  try {
    const token: string = (
      await json(child, 'POST', '/v2/auth/create', null, { username: 'bench_dl', password: 'bench author password', email: 'dl@example.org' })
    ).body.session;
    const admin: string = (await json(child, 'POST', '/v2/auth/login', null, { username: 'bench_admin', password: 'bench-admin-password' })).body.session;
    const id = await createProject(child, token, 0);
    await listProject(child, token, admin, id);
    await waitProjected(site.url);
    const versions = (await json(child, 'GET', `/v2/project/${id}/version`, null)).body as Array<{ files: Array<{ url: string }> }>;
    const path = new URL(versions[0].files[0].url).pathname;
    const warm = await run(site.url, path, 3000, 0);
    const measured = await withCpu(site.pid(), () => run(site.url, path, 30_000, 3000));
    log('downloads: served, kill -9 and restart of the site');
    // a crash, not a stop: what the counter had not yet appended must come back from its journal
    await site.crash();
    await site.restart();
    await waitProjected(site.url);
    const project = (await json(child, 'GET', `/v2/project/${id}`, null)).body as { downloads: number };
    const served = warm.ok + measured.ok;
    return {
      downloads_50_clients: measured,
      served,
      counted: project.downloads,
      counted_equals_served: project.downloads === served,
      goals: { requests_per_s: 5000 },
    };
  } finally {
    await site.stop();
    tmp.remove();
  }
}
