/**
 * Commands through the proxy of `npm run start:distributed`: the same PATCH load against 1 and
 * against 3 command/query replicas (same run, same servers), and freshness (a command's answer until
 * the projections written by the workers have passed it) while 100 commands/s arrive. Bounded in count and time.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkerFeedClient } from '../../projection-service/src/storage/distributed';
import { freePort } from '@modshelf/service-kit/free-port';
import { multipart } from '../../proof/harness/api';
import { projectData } from '../../proof/harness/catalogue';
import { SAMPLE_MS } from '../../bench/util';
import { dropDeployment, type DeploymentServers } from './drop-deployment';

const ROOT = new URL('../..', import.meta.url).pathname;
const KEY = 'bench-proxy-rate-limit-key';
const BOUNDARY = '----benchproxy';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};

async function deployment(replicas: number, s: DeploymentServers) {
  const dir = mkdtempSync(join(tmpdir(), `bench-proxy-${replicas}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'integration/src/start-distributed.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      SEED: 'false',
      COMMAND_REPLICAS: String(replicas),
      PROJECTION_WORKERS: '2',
      RATE_LIMIT_KEY: KEY,
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: s.kafka.join(','),
      MONGODB_URL: s.mongodb,
      OPENSEARCH_URL: s.opensearch,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const end = Date.now() + 240_000;
  while (!existsSync(join(dir, 'processes.json'))) {
    if (child.exitCode !== null || Date.now() > end) throw new Error('start:distributed did not come up');
    await new Promise((r) => setTimeout(r, 500));
  }
  const described = JSON.parse(readFileSync(join(dir, 'processes.json'), 'utf8')) as { processes: Array<{ name: string; port: number | null }> };
  return {
    url,
    /** the projection workers' HTTP (their /positions feeds) */
    workerUrls: described.processes.filter((p) => p.name.startsWith('projection-service') && p.port).map((p) => `http://127.0.0.1:${p.port}`),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      // the deployment's read models, index and topic go with it
      await dropDeployment(s, dir);
    },
  };
}

async function call(url: string, method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method,
    headers: {
      'x-ratelimit-key': KEY,
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined && !(body instanceof Buffer) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function projects(url: string, token: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const data = projectData(`bench-proxy-${i}`, { title: `Bench proxy ${i}`, description: 'A project for the proxy benchmark' });
    const { body, contentType } = multipart([{ name: 'data', data: JSON.stringify(data) }], BOUNDARY);
    ids.push((await call(url, 'POST', '/v2/project', token, body, { 'content-type': contentType })).id);
  }
  return ids;
}

async function commandRate(url: string, token: string, ids: string[], amount: number) {
  const requests: autocannon.Request[] = Array.from({ length: 500 }, (_, i) => ({
    method: 'PATCH',
    path: `/v2/project/${ids[i % ids.length]}`,
    headers: { 'content-type': 'application/json', 'x-ratelimit-key': KEY, authorization: token },
    body: JSON.stringify({ description: `Proxy benchmark description ${i}` }),
  }));
  await autocannon({ url, connections: 50, amount: Math.round(amount / 5), requests, sampleInt: SAMPLE_MS });
  // sampled every SAMPLE_MS: a run of a fixed count ends at the next sample (once a second by default)
  const r = await autocannon({ url, connections: 50, amount, requests, sampleInt: SAMPLE_MS });
  // completed requests over the run's duration (as bench/commands.ts counts them)
  return { requests_per_s: Math.round(r.requests.total / r.duration), p50_ms: r.latency.p50, p99_ms: r.latency.p99, non_2xx: r.non2xx, errors: r.errors };
}

export async function benchProxy(s: DeploymentServers, amount = Number(process.env.BENCH_PROXY_REQUESTS ?? 5000)) {
  const out: Record<string, unknown> = {};
  for (const replicas of [1, 3]) {
    const d = await deployment(replicas, s);
    try {
      const signUp = await call(d.url, 'POST', '/v2/auth/create', null, {
        username: 'bench_proxy',
        password: 'bench proxy password',
        email: 'bench-proxy@example.org',
      });
      const ids = await projects(d.url, signUp.session, 50);
      out[`replicas_${replicas}`] = await commandRate(d.url, signUp.session, ids, amount);
      if (replicas === 3) out.freshness_at_100_commands_per_s = await freshnessByPosition(d.url, d.workerUrls, signUp.session, ids, 10);
    } finally {
      await d.stop();
    }
  }
  const one = (out.replicas_1 as { requests_per_s: number }).requests_per_s;
  const three = (out.replicas_3 as { requests_per_s: number }).requests_per_s;
  out.ratio_3_vs_1 = Number((three / Math.max(1, one)).toFixed(2));
  return out;
}

/**
 * Freshness while 100 commands/s arrive: from a command's answer until a read through the proxy
 * with `x-modshelf-min-position` = the command's position answers at that position. Every fifth
 * command is followed by a project read (the read models, written by the workers to FerretDB), and
 * every tenth also by a search (the index in OpenSearch as well); a replica waiting on a read wakes
 * on the workers' position feeds. The bench follows those feeds too, so each figure is split where
 * the time goes: until a worker says the read models have the command (`read_models_written`),
 * until it says the index holds it (`indexed`), and the rest of a search sample (the replica waking,
 * refreshing the index unless a refresh already covered it, and OpenSearch answering the search). The load starts once the workers' feeds have passed an
 * edit made before it, so the backlog of the command-rate run before is not counted in it.
 */
async function freshnessByPosition(url: string, workerUrls: string[], token: string, ids: string[], seconds: number) {
  const samples = {
    read_models: [] as number[],
    search: [] as number[],
    read_models_written: [] as number[],
    indexed: [] as number[],
    after_indexed: [] as number[],
  };
  const pending: Array<Promise<void>> = [];
  const feeds = new WorkerFeedClient(workerUrls);
  /** the sampled commands whose positions the feeds have not passed yet: when they passed, in ms after the command's answer */
  const watched = new Set<{ position: number; answered: number; written?: number; indexed?: number; done: () => void }>();
  const passed = (now: number) => {
    const p = feeds.positions();
    for (const w of watched) {
      if (w.written === undefined && p.read_models >= w.position) w.written = now - w.answered;
      if (w.indexed === undefined && p.indexed >= w.position) w.indexed = now - w.answered;
      if (w.written !== undefined && w.indexed !== undefined) {
        watched.delete(w);
        w.done();
      }
    }
  };
  let following = true;
  const follow = (async () => {
    while (following) {
      await feeds.next(50);
      passed(performance.now());
    }
  })();
  const feedTimes = (position: number) =>
    new Promise<{ written: number; indexed: number }>((resolve) => {
      const w = { position, answered: performance.now(), done: () => resolve({ written: w.written!, indexed: w.indexed! }) };
      watched.add(w);
      passed(w.answered);
    });
  // until a read with the position answers at it (it answers after a bounded wait either way; its x-modshelf-position says how far it got)
  const until = async (path: string, position: number): Promise<number> => {
    const t = performance.now();
    for (;;) {
      const seen = await fetch(`${url}${path}`, { headers: { 'x-modshelf-min-position': String(position), 'x-ratelimit-key': KEY, authorization: token } });
      await seen.text();
      if (seen.status === 200 && Number(seen.headers.get('x-modshelf-position') ?? 0) >= position) return performance.now() - t;
      if (performance.now() - t > 20_000) throw new Error(`a change never became queryable at ${path} (${seen.status})`);
    }
  };
  /** an edit of one of the projects; its answer's position */
  const edit = async (i: number): Promise<number> => {
    const res = await fetch(`${url}/v2/project/${ids[Math.abs(i) % ids.length]}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-ratelimit-key': KEY, authorization: token },
      body: JSON.stringify({ description: `Load ${i}` }),
    });
    await res.text();
    return Number(res.headers.get('x-modshelf-position') ?? 0);
  };
  try {
    // from a caught-up deployment (the command-rate run before leaves the workers a backlog): the load, not the backlog, is measured
    const caughtUp = feedTimes(await edit(-1));
    const bound = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the workers did not catch up within 60 s')), 60_000).unref());
    await Promise.race([caughtUp, bound]);
    const t0 = Date.now();
    for (let i = 0; i < seconds * 100; i++) {
      const due = t0 + i * 10;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      const id = ids[i % ids.length];
      pending.push(
        (async () => {
          const position = await edit(i);
          if (i % 5 !== 0 || !position) return;
          const fed = feedTimes(position);
          const reads = [until(`/v2/project/${id}`, position).then((ms) => samples.read_models.push(ms))];
          if (i % 10 === 0)
            reads.push(
              until(`/v2/search?query=bench&limit=1`, position).then(async (ms) => {
                samples.search.push(ms);
                samples.after_indexed.push(Math.max(0, ms - (await fed).indexed));
              }),
            );
          const { written, indexed } = await fed;
          samples.read_models_written.push(written);
          samples.indexed.push(indexed);
          await Promise.all(reads);
        })(),
      );
    }
    await Promise.all(pending);
  } finally {
    following = false;
    await follow;
    await feeds.close();
  }
  const figures = (xs: number[]) => ({ p50_ms: pct(xs, 50), p99_ms: pct(xs, 99), samples: xs.length });
  return {
    read_models: {
      ...figures(samples.read_models),
      path: 'proxy -> replica -> SQLite log -> relay -> Kafka -> worker -> FerretDB (its checkpoint, as the query API sees it)',
    },
    search: { ...figures(samples.search), path: 'the same, then OpenSearch too (both checkpoints)' },
    split: {
      read_models_written: { ...figures(samples.read_models_written), until: "a worker's feed says the read models hold the command" },
      indexed: { ...figures(samples.indexed), until: "a worker's feed says the index holds it (its OpenSearch write answered)" },
      search_after_indexed: {
        ...figures(samples.after_indexed),
        until: 'the search answered at it, after that (the replica woken, the index refreshed unless a refresh covered it, OpenSearch searched)',
      },
    },
  };
}
