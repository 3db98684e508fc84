import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { freePort } from '@modshelf/service-kit/free-port';
import { multipart } from '../proof/harness/api';
import { projectData } from '../proof/harness/catalogue';
import { ROOT, startChildSite, type ChildSite } from './server';
import { log, round, SAMPLE_MS, summarize, tempDir } from './util';
import { withCpu } from './commands-cpu';
import { killNow, onStop } from './on-stop';
import { commandPathShares } from './command-path';
import { connectInspector } from '../proof/harness/inspector';

const BOUNDARY = '----bench';
export const KEY = 'bench-rate-limit-bypass-key';

export async function json(site: ChildSite, method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(site.url + path, {
    method,
    headers: {
      'x-ratelimit-key': KEY,
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined && !(body instanceof Buffer) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
    // a site that stops answering fails the bench instead of hanging it
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export async function createProject(site: ChildSite, token: string, i: number): Promise<string> {
  const data = projectData(`bench-project-${i}`, { title: `Bench project ${i}`, description: 'A project for the command benchmark' });
  const { body, contentType } = multipart([{ name: 'data', data: JSON.stringify(data) }], BOUNDARY);
  const res = await json(site, 'POST', '/v2/project', token, body, { 'content-type': contentType });
  return res.body.id;
}

/** Gives a draft project a version, submits it and has staff approve it, so it is listed in search. */
export async function listProject(site: ChildSite, token: string, admin: string, id: string): Promise<void> {
  const data = {
    project_id: id,
    name: 'Bench 1.0.0',
    version_number: '1.0.0',
    changelog: null,
    dependencies: [],
    game_versions: ['1.11.4'],
    version_type: 'release',
    loaders: ['coreengine'],
    featured: false,
    status: 'listed',
    file_parts: ['file0'],
    primary_file: 'file0',
  };
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file0"; filename="bench-${id}.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    Buffer.from(`bench file of ${id}`),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  await json(site, 'POST', '/v2/version', token, body, { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });
  await json(site, 'PATCH', `/v2/project/${id}`, token, { status: 'processing' });
  await json(site, 'PATCH', `/v2/project/${id}`, admin, { status: 'approved' });
}

/**
 * `amount` PATCH requests over `connections` clients; request n goes to `path(n)` with a body no other request
 * carries, so every command changes its project (none is a no-op) and the clients in flight edit different projects.
 */
async function run(url: string, connections: number, amount: number, path: (n: number) => string, headers: Record<string, string>) {
  let n = 0;
  const request: autocannon.Request = {
    method: 'PATCH',
    setupRequest: (req) => {
      const i = n++;
      return { ...req, path: path(i), body: JSON.stringify({ description: `Benchmark description ${i} for a project` }) };
    },
  };
  const r = await autocannon({
    url,
    connections,
    amount,
    sampleInt: SAMPLE_MS,
    headers: { 'content-type': 'application/json', 'x-ratelimit-key': KEY, ...headers },
    requests: [request],
  });
  // completed requests over the run's duration: autocannon's per-second average rounds a run of a few seconds coarsely
  return {
    requests_per_s: Math.round(r.requests.total / r.duration),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    non_2xx: r.non2xx,
    errors: r.errors,
    requests: r.requests.total,
  };
}

/**
 * HTTP command throughput with 50 concurrent clients (PATCH /v2/project/{id} on 50
 * projects, each request a real edit, through auth, decider, append and the projections) vs a bare
 * Fastify route that parses the same JSON body and answers;
 * then freshness: from a command's answer to the change being visible in search.
 */
export async function benchCommands() {
  const tmp = tempDir('commands');
  const site = await startChildSite(
    tmp.dir,
    {
      ADMIN_USERNAME: 'bench_admin',
      ADMIN_PASSWORD: 'bench-admin-password',
      RATE_LIMIT_KEY: KEY,
    },
    { inspect: true },
  );
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'inherit',
  });
  const forgetBare = onStop(() => killNow(bare.pid));
  try {
    const signUp = await json(site, 'POST', '/v2/auth/create', null, {
      username: 'bench_author',
      password: 'bench author password',
      email: 'bench@example.org',
    });
    const token: string = signUp.body.session;
    const admin: string = (await json(site, 'POST', '/v2/auth/login', null, { username: 'bench_admin', password: 'bench-admin-password' })).body.session;
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await createProject(site, token, i));
    log('commands: 50 projects created');
    const amount = 20_000;
    for (let w = 0; w < 2; w++) await fetch(`http://127.0.0.1:${barePort}/bare/x`, { method: 'PATCH' }).catch(() => undefined);
    // both sides get the same warm-up (JIT, caches) before the measured run
    const command = (i: number) => `/v2/project/${ids[i % ids.length]}`;
    await run(site.url, 50, 3000, command, { authorization: token });
    const headBefore = (await json(site, 'GET', '/health', null)).body.event_log_head as number;
    const commands = await withCpu(site.pid, () => run(site.url, 50, amount, command, { authorization: token }));
    // every acknowledged edit appended its event (the command did its work)
    const appended = (await json(site, 'GET', '/health', null)).body.event_log_head - headBefore;
    await run(`http://127.0.0.1:${barePort}`, 50, 3000, (i) => `/bare/${i}`, {});
    const baseline = await withCpu(bare.pid ?? 0, () => run(`http://127.0.0.1:${barePort}`, 50, amount, (i) => `/bare/${i}`, {}));
    // where a command's CPU goes: a pass of its own under the profiler (which slows it), after the measured ones
    const path = await profileCommandPath(site, (n) => run(site.url, 50, n, command, { authorization: token }));

    // freshness: approve every project, then rename one and poll search until the new title shows
    for (const id of ids.slice(0, 20)) await listProject(site, token, admin, id);
    const samples = await freshnessSamples(site, token, ids.slice(0, 20), 60, 'Bench');
    return {
      commands_50_clients: { ...commands, events_appended: appended },
      bare_fastify_50_clients: baseline,
      ratio: round(commands.requests_per_s / baseline.requests_per_s),
      // the same ratio from the CPU each process spent per request: steadier than requests/s on a busy machine
      cpu_ratio: commands.cpu_us_per_request && baseline.cpu_us_per_request ? round(baseline.cpu_us_per_request / commands.cpu_us_per_request) : null,
      command_path: path,
      goals: { ratio: 0.5, p99_ms: 15 },
      freshness_command_to_search: { ...summarize(samples), goal_p99_ms: 250 },
      rss_mb: site.rssMb(),
    };
  } finally {
    forgetBare();
    bare.kill('SIGTERM');
    await site.stop();
    tmp.remove();
  }
}

/** Commands sent in the profiled pass, and the profiler's sampling interval (µs): about 4,000 samples of the site's main thread. */
export const PATH_PASS = { commands: 10_000, intervalUs: 500 };

/**
 * The share of the site's main thread (its busy samples) in each stage of the command path (bench/command-path.ts), from a
 * CPU profile taken over the DevTools protocol during `pass` (of `commands` commands), and the pass's own figures.
 */
export async function profileCommandPath(
  site: ChildSite,
  pass: (commands: number) => Promise<{ requests: number; requests_per_s: number }>,
  commands = PATH_PASS.commands,
) {
  const inspector = await connectInspector(site.inspectPort!);
  try {
    const { result, profile } = await inspector.cpuProfile(() => pass(commands), PATH_PASS.intervalUs);
    // BENCH_COMMAND_PROFILE=<file.cpuprofile> keeps the profile behind the shares (DevTools, or any .cpuprofile reader)
    if (process.env.BENCH_COMMAND_PROFILE) writeFileSync(process.env.BENCH_COMMAND_PROFILE, JSON.stringify(profile));
    return {
      commands: result.requests,
      requests_per_s_profiled: result.requests_per_s,
      sampling_interval_us: PATH_PASS.intervalUs,
      ...commandPathShares(profile),
    };
  } finally {
    inspector.close();
  }
}

/**
 * Command-to-search freshness: `count` times, renames one of `ids` (in turn) to a new word and polls
 * search until the word is found; answers each wait in ms.
 */
export async function freshnessSamples(site: ChildSite, token: string, ids: string[], count: number, label: string, everyMs = 0): Promise<number[]> {
  const samples: number[] = [];
  let last = -Infinity;
  for (let i = 0; i < count; i++) {
    // samples start at least everyMs apart, so the load beside them (if any) runs through the whole phase
    const wait = last + everyMs - performance.now();
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    last = performance.now();
    const word = `fresh${i}x${Math.floor(Math.random() * 1e6)}`;
    await json(site, 'PATCH', `/v2/project/${ids[i % ids.length]}`, token, { title: `${label} ${word}` });
    const t = performance.now();
    for (;;) {
      const r = await json(site, 'GET', `/v2/search?query=${word}`, null);
      if (r.body.total_hits > 0) break;
      if (performance.now() - t > 10_000) throw new Error('change never became visible');
      await new Promise((res) => setTimeout(res, 1));
    }
    samples.push(performance.now() - t);
  }
  return samples;
}
