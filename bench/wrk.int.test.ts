import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from './load';
import { wrkPass } from './wrk';
import { ensureWrk } from './wrk-install';

/**
 * The bench's load generator against a local server that records what it got: every request of the list sent once,
 * the answers counted, the percentiles those of the answers. wrk is installed as the bench installs it (Debian's
 * package, as root with apt); without it the tests fail with the reason.
 */
const SLOW_MS = 30;
/** /p/<n>: n % 7 === 0 answers 404, n % 10 === 0 answers after SLOW_MS */
const isMissing = (n: number) => n % 7 === 0;
const isSlow = (n: number) => n % 10 === 0;

let server: Server;
let url: string;
const got = new Map<string, number>();
const bodies: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    got.set(`${req.method} ${req.url}`, (got.get(`${req.method} ${req.url}`) ?? 0) + 1);
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (body) bodies.push(body);
      const n = Number(req.url!.split('/').pop());
      res.statusCode = isMissing(n) ? 404 : 200;
      setTimeout(() => res.end(JSON.stringify({ n })), isSlow(n) ? SLOW_MS : 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function wrkPath(): string {
  const outcome = ensureWrk();
  if (!outcome.ok) throw new Error(`the bench's load generator needs wrk: ${outcome.message}`);
  return outcome.path;
}

describe('a wrk load pass', () => {
  it('sends every request of the list once, over the connections, and counts the answers', { timeout: 600_000 }, async () => {
    const wrk = wrkPath();
    got.clear();
    const N = 400;
    const paths = Array.from({ length: N }, (_, i) => `/p/${i}`);
    const r = await wrkPass(
      wrk,
      url,
      4,
      paths.map((path) => ({ method: 'GET' as const, path })),
    );
    expect([...got.keys()].sort()).toEqual(paths.map((p) => `GET ${p}`).sort());
    expect([...got.values()].every((c) => c === 1)).toBe(true);
    expect(r).toMatchObject({ connections: 4, requests: N, unanswered: 0, errors: 0, latency_samples: N, wrk_threads: 1 });
    expect(r.non_2xx).toBe(paths.filter((_, i) => isMissing(i)).length);
    // a tenth of the answers take SLOW_MS: the median is a fast one, the 99th percentile a slow one (in ms, to the µs)
    expect(r.p50_ms).toBeLessThan(SLOW_MS / 2);
    expect(r.p99_ms).toBeGreaterThanOrEqual(SLOW_MS);
    expect(r.p99_ms).toBeLessThan(10_000);
    expect(r.requests_per_s).toBeGreaterThan(0);
    expect(r.duration_s).toBeGreaterThan(((N / 10) * SLOW_MS) / 4 / 1000 - 0.001);
    expect(typeof r.generator_cpu_ms).toBe('number');
  });

  it('splits the list between two threads, each request still sent once', async () => {
    const wrk = wrkPath();
    got.clear();
    const paths = Array.from({ length: 101 }, (_, i) => `/two/${i + 1}`);
    const r = await wrkPass(
      wrk,
      url,
      4,
      paths.map((path) => ({ method: 'GET' as const, path })),
      2,
    );
    expect(r).toMatchObject({ requests: 101, unanswered: 0, wrk_threads: 2, latency_samples: 101 });
    expect([...got.keys()].sort()).toEqual(paths.map((p) => `GET ${p}`).sort());
  });

  it('is autocannon when asked for, whose clients each walk the list from its start', async () => {
    process.env.BENCH_LOAD_GENERATOR = 'autocannon';
    got.clear();
    try {
      const paths = Array.from({ length: 400 }, (_, i) => `/ac/${i + 1}`);
      const r = await load(url, 4, paths);
      expect(r).toMatchObject({ requests: 400, load_generator: 'autocannon (BENCH_LOAD_GENERATOR=autocannon)' });
      // the first quarter of the list, each path sent by all four clients
      expect([...got.keys()].sort()).toEqual(
        paths
          .slice(0, 100)
          .map((p) => `GET ${p}`)
          .sort(),
      );
      expect([...got.values()].every((c) => c === 4)).toBe(true);
    } finally {
      delete process.env.BENCH_LOAD_GENERATOR;
    }
  });

  it('sends a request with a method, headers and a body as given, and more connections than requests', async () => {
    wrkPath();
    delete process.env.BENCH_LOAD_GENERATOR;
    got.clear();
    bodies.length = 0;
    const body = JSON.stringify({ query: { match: { title: 'ñandú' } } });
    const r = await load(url, 16, [{ method: 'POST', path: '/search/1', body, headers: { 'content-type': 'application/json' } }, '/p/3'], {
      serverPid: process.pid,
    });
    expect(bodies).toEqual([body]);
    expect([...got.entries()].sort()).toEqual([
      ['GET /p/3', 1],
      ['POST /search/1', 1],
    ]);
    expect(r).toMatchObject({ requests: 2, non_2xx: 0, load_generator: 'wrk' });
    expect(typeof r.server_cpu_us_per_request).toBe('number');
    expect(typeof r.generator_cpu_us_per_request).toBe('number');
  });
});
