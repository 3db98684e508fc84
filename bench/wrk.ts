/**
 * One load pass sent by wrk (Debian's wrk 4.1, C, with the Lua hook bench/wrk.lua): the given requests, each once, in
 * order, shared by `connections` clients (each client takes the next request of the list). wrk itself runs for a
 * duration; the hook turns it into a count: each thread sends its share of the list and stops once every connection
 * of it is idle. A count, not a duration, because the bench compares passes: the embedded search and the OpenSearch
 * peer answer the same requests, and no path is sent twice (a duration would let the faster side walk further down
 * the list, or cycle it and hand a result cache repeats). autocannon, the generator before, gave each client its own
 * walk from the start of the list: 16 clients sent the first sixteenth of it 16 times each.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMs } from './commands-cpu';
import type { LoadRequest } from './load-request';
import { tempDir } from './util';
import { correctionInterval, histogramCount, histogramPercentile, uncorrected, type Buckets } from './wrk-latency';

const SCRIPT = join(import.meta.dirname, 'wrk.lua');
const THREAD_DONE = 'modshelf-wrk: thread done';
const RESULT = 'modshelf-wrk-result ';

/** The HTTP/1.1 request wrk sends for `r` (keep-alive, as HTTP/1.1 is by default). */
export function rawRequest(host: string, r: LoadRequest): Buffer {
  const headers = Object.entries(r.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`);
  const body = r.body === undefined ? null : Buffer.from(r.body);
  const length = body || r.method !== 'GET' ? `Content-Length: ${body?.length ?? 0}\r\n` : '';
  return Buffer.concat([Buffer.from(`${r.method} ${r.path} HTTP/1.1\r\nHost: ${host}\r\n${headers.join('')}${length}\r\n`), body ?? Buffer.alloc(0)]);
}

/** The list file bench/wrk.lua reads: for each request, its length in bytes, a newline, the raw request. */
export function requestList(host: string, requests: readonly LoadRequest[]): Buffer {
  return Buffer.concat(
    requests.flatMap((r) => {
      const raw = rawRequest(host, r);
      return [Buffer.from(`${raw.length}\n`), raw];
    }),
  );
}

/** What bench/wrk.lua's done() prints. */
interface WrkResult {
  duration_us: number;
  requests: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  threads: Array<{ sent: number; first_us: number; last_us: number }>;
  latency_us: Buckets;
}

const ms = (us: number) => Math.round(us) / 1000;

/** The figures of a finished pass: requests/s over the time from the first request sent to the last answer received. */
export function figuresOf(result: WrkResult, connections: number, listed: number) {
  const active = result.threads.filter((t) => t.sent > 0);
  const spanUs = Math.max(...active.map((t) => t.last_us)) - Math.min(...active.map((t) => t.first_us));
  const latency = uncorrected(result.latency_us, correctionInterval(result.duration_us, result.requests, connections));
  const e = result.errors;
  return {
    connections,
    requests_per_s: spanUs > 0 ? Math.round(result.requests / (spanUs / 1e6)) : 0,
    // µs as wrk measured them, in ms
    p50_ms: ms(histogramPercentile(latency, 50)),
    p99_ms: ms(histogramPercentile(latency, 99)),
    // answers with a status of 400 or more (wrk's own count: a 1xx or 3xx passes as success; no bench request gets one)
    non_2xx: e.status,
    errors: e.connect + e.read + e.write + e.timeout,
    errors_by_kind: { connect: e.connect, read: e.read, write: e.write, timeout: e.timeout },
    requests: result.requests,
    // requests of the list that got no answer (a connection error loses the request it carried)
    unanswered: listed - result.requests,
    latency_samples: histogramCount(latency),
    duration_s: Math.round(spanUs / 1000) / 1000,
  };
}

/**
 * Sends `requests` to `url` with wrk over `connections` clients and `threads` threads (each thread takes every
 * `threads`-th request; 1 unless `connections` divides evenly). Also answers wrk's own CPU time per request.
 */
export async function wrkPass(wrk: string, url: string, connections: number, requests: readonly LoadRequest[], threads = 1) {
  if (requests.length === 0) throw new Error('a load pass needs at least one request');
  const t = connections % threads === 0 && threads <= requests.length ? threads : 1;
  const tmp = tempDir('wrk');
  try {
    const list = join(tmp.dir, 'requests');
    writeFileSync(list, requestList(new URL(url).host, requests));
    // an upper bound only: the hook ends the pass when the list is done (at 20 requests/s or more)
    const duration = Math.max(60, Math.ceil(requests.length / 20));
    const args = [
      '-t',
      String(t),
      '-c',
      String(connections),
      '-d',
      `${duration}s`,
      '--timeout',
      '10s',
      '-s',
      SCRIPT,
      url,
      '--',
      list,
      String(t),
      String(connections / t),
    ];
    const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let cpuAtEnd: number | null = null;
    let interrupt: NodeJS.Timeout | null = null;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (interrupt || stdout.split(THREAD_DONE).length - 1 < t) return;
      // every thread is done: wrk's CPU time now, then end its sleep (SIGINT) until it exits (a first signal can
      // come before wrk listens for it, so it is sent again)
      cpuAtEnd = cpuMs(child.pid!);
      const stop = () => child.kill('SIGINT');
      stop();
      interrupt = setInterval(stop, 50);
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (interrupt) clearInterval(interrupt);
    const line = stdout.split('\n').find((l) => l.startsWith(RESULT));
    if (!line) throw new Error(`wrk exited ${code} without figures: ${stderr.trim() || stdout.trim()}`);
    const result = JSON.parse(line.slice(RESULT.length)) as WrkResult;
    return { ...figuresOf(result, connections, requests.length), wrk_threads: t, generator_cpu_ms: cpuAtEnd };
  } finally {
    tmp.remove();
  }
}
