/**
 * The search peer: the same search mix over the same documents against a real OpenSearch (the server
 * `test:integration` runs, integration/servers/opensearch.sh), through the distributed profile's own
 * adapter (projection-service/src/search/opensearch.ts), side by side with the embedded search.
 */
import { spawnSync } from 'node:child_process';
import type { SearchIndex, SearchRequest } from '@modshelf/projection-service';
import { parseSearchParams } from '@modshelf/projection-service';
import { OpenSearchIndex } from '../projection-service/src/search/opensearch';
import { documentOfHit } from '../projection-service/src/search/hit-document';
import type { SearchChange } from '../projection-service/src/search/port';
import { load, type LoadRequest } from './load';
import { ROOT } from './server';
import { log, round } from './util';
import { onStop } from './on-stop';

export type PeerServer = { url: string; stop(): void } | { skipped: string };

const SCRIPT = 'integration/servers/opensearch.sh';
/** adapters learning the mix's requests side by side */
const LEARNERS = 8;
/** the fill's documents per bulk request (a writer's default is 250) and least time between its refreshes */
const FILL_BULK_CHUNK = 1000;
const FILL_REFRESH_EVERY_MS = 3_600_000;

/**
 * OpenSearch for the bench: BENCH_OPENSEARCH_URL if set (left running), else one started on
 * BENCH_OPENSEARCH_PORT (19400) and stopped by stop(); `{ skipped }` says why there is none.
 */
export function startPeerServer(): PeerServer {
  if (process.env.BENCH_PEER === 'off') return { skipped: 'BENCH_PEER=off' };
  const given = process.env.BENCH_OPENSEARCH_URL;
  if (given) return { url: given, stop: () => {} };
  const env = {
    ...process.env,
    OPENSEARCH_PORT: process.env.BENCH_OPENSEARCH_PORT ?? '19400',
    OPENSEARCH_HEAP: process.env.BENCH_OPENSEARCH_HEAP ?? '2g',
  };
  log(`peer: starting OpenSearch on port ${env.OPENSEARCH_PORT} (heap ${env.OPENSEARCH_HEAP})`);
  const r = spawnSync('bash', [SCRIPT, 'start'], { cwd: ROOT, env, encoding: 'utf8', timeout: 900_000 });
  if (r.status !== 0) {
    const why = `${r.error?.message ?? ''} ${r.stderr ?? ''}`.trim().split('\n').slice(-4).join(' | ');
    return { skipped: `OpenSearch could not be started (${SCRIPT} start exited ${r.status}): ${why}` };
  }
  const stopNow = () => spawnSync('bash', [SCRIPT, 'stop'], { cwd: ROOT, env, stdio: 'ignore', timeout: 120_000 });
  const forget = onStop(stopNow);
  return {
    url: `http://127.0.0.1:${env.OPENSEARCH_PORT}`,
    stop: () => {
      forget();
      stopNow();
      log('peer: OpenSearch stopped');
    },
  };
}

/** A filled peer index: the adapter over it and the search requests it answers the mix with. */
export interface PeerIndex {
  url: string;
  index: OpenSearchIndex;
  documents: number;
  fill_s: number;
  /** `/v2/search?...` paths as the raw `_search` requests the adapter sends for them (each sent once through the adapter to learn it). */
  requests(paths: string[]): Promise<LoadRequest[]>;
  /** total_hits of a path as the adapter answered it (after requests()). */
  totalOf(path: string): number | undefined;
  drop(): Promise<void>;
}

const requestOf = (path: string): SearchRequest => parseSearchParams(Object.fromEntries(new URL(path, 'http://x').searchParams));

/**
 * Copies every document of `source` (its scan(), rebuilt with documentOfHit) into a fresh OpenSearch index, force-merged
 * to one segment. As a bulk load is done: bigger bulk requests than a writer's, and the writer's refreshes deferred
 * (FILL_REFRESH_EVERY_MS apart: about once in the fill) instead of one with every request, since nothing searches it
 * before the merge and the refresh after it.
 */
export async function fillPeer(url: string, source: SearchIndex, prefix: string): Promise<PeerIndex> {
  const index = new OpenSearchIndex({ node: url, prefix, deferRefresh: true, refreshEveryMs: FILL_REFRESH_EVERY_MS, bulkChunk: FILL_BULK_CHUNK });
  await index.reset();
  const t = performance.now();
  let batch: SearchChange[] = [];
  let documents = 0;
  let position = 0;
  for await (const [projectId, hit] of source.scan()) {
    batch.push({ projectId, doc: documentOfHit(hit) });
    documents++;
    if (batch.length === 5000) {
      await index.commit(batch, ++position);
      batch = [];
    }
  }
  if (batch.length > 0) await index.commit(batch, ++position);
  await index.client.indices.forcemerge({ index: index.index, max_num_segments: 1 }, { requestTimeout: 1_800_000 });
  await index.client.indices.refresh({ index: index.index });
  const fill_s = round((performance.now() - t) / 1000);
  log(`peer: ${documents} documents indexed and merged in ${fill_s} s`);

  // the raw request the adapter sends for each path, learnt by sending it once through the adapter:
  // LEARNERS adapters, each with its own client sending one search at a time (so its last request is that search's)
  const known = new Map<string, { req: LoadRequest; total: number }>();
  const learner = () => {
    const adapter = new OpenSearchIndex({ node: url, prefix });
    let last: LoadRequest | null = null;
    adapter.client.on('request', (_err: unknown, result: { meta: { request: { params: { method: string; path: string; body?: unknown } } } }) => {
      const p = result.meta.request.params;
      last = {
        method: p.method === 'GET' ? 'GET' : 'POST',
        path: p.path,
        body: typeof p.body === 'string' ? p.body : JSON.stringify(p.body ?? {}),
        headers: { 'content-type': 'application/json' },
      };
    });
    return async (queue: string[]) => {
      for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
        last = null;
        const res = await adapter.search(requestOf(path));
        if (!last) throw new Error(`no request seen for ${path}`);
        known.set(path, { req: last, total: res.total });
      }
      await adapter.close();
    };
  };
  return {
    url,
    index,
    documents,
    fill_s,
    async requests(paths) {
      const queue = [...new Set(paths)].filter((p) => !known.has(p));
      await Promise.all(Array.from({ length: LEARNERS }, () => learner()(queue)));
      return paths.map((path) => known.get(path)!.req);
    },
    totalOf: (path) => known.get(path)?.total,
    async drop() {
      await index.drop();
      await index.close();
    },
  };
}

type Figures = Awaited<ReturnType<typeof load>>;

const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : null);

/** The peer's figures for the same two passes as the embedded search, and the ratios embedded / peer. */
export async function peerSideBySide(
  peer: PeerIndex,
  passes: { single: string[]; concurrent: string[] },
  embedded: { single: Figures; concurrent: Figures; totalOf(path: string): Promise<number> },
) {
  const t = performance.now();
  const single = await peer.requests(passes.single);
  const concurrent = await peer.requests(passes.concurrent);
  log(`peer: learnt the requests of the mix in ${round((performance.now() - t) / 1000)} s; measuring`);
  // warm-up as the embedded site had (the learning pass sent every request once already)
  const one = await load(peer.url, 1, single);
  const sixteen = await load(peer.url, 16, concurrent);
  // the same answers: total_hits of a sample of distinct requests, embedded against the peer
  const sample = [...new Set(passes.single)].slice(0, 300);
  let agree = 0;
  const differ: string[] = [];
  for (const path of sample) {
    const mine = await embedded.totalOf(path);
    if (mine === peer.totalOf(path)) agree++;
    else if (differ.length < 5) differ.push(`${path}: embedded ${mine}, OpenSearch ${peer.totalOf(path)}`);
  }
  return {
    server: peer.url,
    documents: peer.documents,
    fill_and_merge_s: peer.fill_s,
    latency_one_client: one,
    throughput_16_clients: sixteen,
    total_hits_agree: `${agree} of ${sample.length}`,
    total_hits_differ_examples: differ,
    // above 1: the embedded search is better (a lower latency, more requests per second); null: a 0 ms figure (autocannon, the fallback generator, counts whole ms)
    ratio_p99_peer_over_embedded: ratio(one.p99_ms, embedded.single.p99_ms),
    ratio_p50_peer_over_embedded: ratio(one.p50_ms, embedded.single.p50_ms),
    ratio_rps_1_embedded_over_peer: ratio(embedded.single.requests_per_s, one.requests_per_s),
    ratio_rps_16_embedded_over_peer: ratio(embedded.concurrent.requests_per_s, sixteen.requests_per_s),
    ratio_p99_16_peer_over_embedded: ratio(sixteen.p99_ms, embedded.concurrent.p99_ms),
  };
}
