/**
 * The bench's load passes (search, the scale section, the OpenSearch peer): the given requests, each once, in order,
 * over `connections` clients. They are sent with wrk (bench/wrk.ts) when it is there or can be installed: on this
 * 2-core machine autocannon, a Node process, used more CPU per request than the site it measured, so the figure was
 * the generator's. Without wrk they are sent with autocannon, and `load_generator` says why; autocannon's clients
 * each walk the list from its start, so its `requests` are the first 1/connections of the list, each sent by every
 * client (bench/wrk.ts).
 */
import autocannon from 'autocannon';
import { cpuMs, usPerRequest } from './commands-cpu';
import type { LoadRequest } from './load-request';
import { SAMPLE_MS } from './util';
import { wrkPass } from './wrk';
import { ensureWrk, type WrkOutcome } from './wrk-install';

export type { LoadRequest } from './load-request';

export type Generator = { kind: 'wrk'; path: string; label: string } | { kind: 'autocannon'; label: string };

/** wrk when there is one, unless BENCH_LOAD_GENERATOR=autocannon asks for the old generator (to compare the two). */
export function chooseGenerator(asked: string | undefined, wrk: () => WrkOutcome): Generator {
  if (asked === 'autocannon') return { kind: 'autocannon', label: 'autocannon (BENCH_LOAD_GENERATOR=autocannon)' };
  if (asked && asked !== 'wrk') throw new Error(`BENCH_LOAD_GENERATOR is wrk or autocannon, not ${asked}`);
  const found = wrk();
  if (found.ok) return { kind: 'wrk', path: found.path, label: 'wrk' };
  return { kind: 'autocannon', label: `autocannon (wrk not installable: ${found.message})` };
}

const chosen = new Map<string | undefined, Generator>();
/** The generator of this process's passes, chosen (and wrk installed) once for each value of BENCH_LOAD_GENERATOR. */
export function generator(): Generator {
  const asked = process.env.BENCH_LOAD_GENERATOR;
  if (!chosen.has(asked))
    chosen.set(
      asked,
      chooseGenerator(asked, () => ensureWrk()),
    );
  return chosen.get(asked)!;
}

async function autocannonPass(url: string, connections: number, requests: LoadRequest[]) {
  const before = process.cpuUsage();
  const result = await autocannon({
    url,
    connections,
    amount: requests.length,
    // sampled every 20 ms, not every second: the run's duration (and requests/s) would be rounded up to the next second
    sampleInt: SAMPLE_MS,
    requests,
  });
  const cpu = process.cpuUsage(before);
  return {
    connections,
    // completed requests over the run (autocannon's per-second average rounds a short run)
    requests_per_s: Math.round(result.requests.total / result.duration),
    // whole ms
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
    // the bench's own process, which runs autocannon
    generator_cpu_ms: (cpu.user + cpu.system) / 1000,
  };
}

/**
 * One pass over `paths` (no path is sent twice except the popular ones the mix repeats). With `serverPid`, also the
 * CPU that process spent per request (µs), beside the generator's.
 */
export async function load(url: string, connections: number, paths: ReadonlyArray<string | LoadRequest>, { serverPid }: { serverPid?: number } = {}) {
  const requests = paths.map((p): LoadRequest => (typeof p === 'string' ? { method: 'GET', path: p } : p));
  const using = generator();
  const siteBefore = serverPid === undefined ? null : cpuMs(serverPid);
  const { generator_cpu_ms, ...figures } =
    using.kind === 'wrk' ? await wrkPass(using.path, url, connections, requests, wrkThreads()) : await autocannonPass(url, connections, requests);
  const siteAfter = serverPid === undefined ? null : cpuMs(serverPid);
  return {
    ...figures,
    load_generator: using.label,
    generator_cpu_us_per_request: usPerRequest(generator_cpu_ms, figures.requests),
    ...(serverPid === undefined
      ? {}
      : { server_cpu_us_per_request: usPerRequest(siteBefore === null || siteAfter === null ? null : siteAfter - siteBefore, figures.requests) }),
  };
}

/** wrk's threads: 1 (the site needs the other core), or BENCH_WRK_THREADS. */
function wrkThreads(): number {
  const n = Number(process.env.BENCH_WRK_THREADS ?? 1);
  if (!Number.isInteger(n) || n < 1) throw new Error('BENCH_WRK_THREADS takes a whole number of at least 1');
  return n;
}
