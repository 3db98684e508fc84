import { join } from 'node:path';
import { SqliteEventStore, SqliteLeaseStore } from '@modshelf/events';
import { SqliteProjectionStorage, projectionsPath } from '@modshelf/projection-service';
import { buildInChild, catchUpInChild } from './build-process';
import { createProject, freshnessSamples, json, KEY, listProject } from './commands';
import { load } from './load';
import { searchMix } from './search';
import { fillPeer, peerSideBySide, startPeerServer, type PeerIndex, type PeerServer } from './search-peer';
import { startChildSite, type ChildSite } from './server';
import { crashStart } from './crash-start';
import { routeTimes } from './scale-routes';
import { logCache } from './scale-log-cache';
import { writeGeneratedLog } from './scale-log';
import { log, round, summarize, tempDir } from './util';
import { ReleaseScheduler } from '@modshelf/command-service';

export const SCALE_GOALS = {
  build_events_per_s: 100_000,
  live_catch_up_events_per_s: 20_000,
  search_p99_ms: 20,
  search_rps_16: 5_000,
  rss_mb: { at_100k: 300, at_1m: 1500 },
  cold_start_s_at_1m: 10,
  freshness_p99_ms_at_1m: 100,
};

/**
 * the largest size the peer runs beside unless BENCH_PEER=on: the 1M. Measured here (BENCH_PEER=on, 1M alone, the log
 * cached): filling it with the 1,020,000 documents took 184 s, learning and measuring the mix 4 min more, the section 12.9 min
 */
const PEER_AUTO_MAX = 1_000_000;
const PEER_AUTO_SKIPPED = `BENCH_PEER is not 'on' and the size is over ${PEER_AUTO_MAX} projects`;

const ADMIN = { username: 'scale_admin', password: 'scale-admin-password' };

/**
 * Folds the read models' recent tables into the main ones, a step at a time as a site does (`rows` a step, default
 * RECENT_FOLD's): seconds, and each step's milliseconds in ascending order.
 */
export function foldRecent(storage: SqliteProjectionStorage, rows?: number) {
  const t = performance.now();
  const stepsMs: number[] = [];
  for (let more = true; more;) {
    const ts = performance.now();
    more = storage.foldRecentSync(rows);
    stepsMs.push(performance.now() - ts);
  }
  return { storage, seconds: (performance.now() - t) / 1000, stepsMs: stepsMs.sort((a, b) => a - b) };
}

/** the projects the steady load edits in turn (at 50 commands/s, one edit of each per 400 ms) */
const BACKGROUND_PROJECTS = 20;

/**
 * Command-acknowledged-to-visible-in-search while a steady 50 commands/s (description edits)
 * run against the same site: each sample renames a project to a fresh word and polls search.
 * The steady load edits projects of its own, so its edits never race a sample's rename (a 409 after the
 * retries); a background edit that fails is counted, not thrown.
 */
async function freshness(site: ChildSite, samples = 60) {
  const token: string = (
    await json(site, 'POST', '/v2/auth/create', null, { username: 'scale_author', password: 'scale author password', email: 'scale@example.org' })
  ).body.session;
  const admin: string = (await json(site, 'POST', '/v2/auth/login', null, ADMIN)).body.session;
  const ids: string[] = [];
  for (let i = 0; i < 10 + BACKGROUND_PROJECTS; i++) {
    ids.push(await createProject(site, token, i));
    await listProject(site, token, admin, ids[i]);
  }
  const [sampled, edited] = [ids.slice(0, 10), ids.slice(10)];
  let background = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  const timer = setInterval(() => {
    const id = edited[background % edited.length];
    background++;
    json(site, 'PATCH', `/v2/project/${id}`, token, { description: `Steady load edit ${background} of a project` }).catch((err) => {
      failed++;
      firstFailure ??= String(err);
    });
  }, 20);
  let times: number[];
  try {
    // one sample every 100 ms: 60 samples span 6 s of the steady load (about 300 commands), however fast each is
    times = await freshnessSamples(site, token, sampled, samples, 'Scale', 100);
  } catch (err) {
    // a failed request says why (fetch's cause), and what the site wrote before it
    throw new Error(`${String(err)} (cause: ${String((err as Error).cause)}); site stderr: ${site.stderrTail() || '(none)'}`);
  } finally {
    clearInterval(timer);
  }
  return { ...summarize(times), background_commands: background, background_failed: failed, background_first_failure: firstFailure };
}

/**
 * A first start on the imported log, before the cold start is timed. The log carries the revenue accrual's credits and
 * checkpoint (writeGeneratedLog), so the site appends only its admin user (2 events) and the projections follow them.
 * Ends when the log's head has not moved for 2 s and the projections are at it.
 */
async function settle(dir: string, headBefore: number): Promise<{ seconds: number; events_appended: number }> {
  const t = performance.now();
  const site = await startChildSite(dir, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_KEY: KEY });
  try {
    let head = -1;
    let since = performance.now();
    for (;;) {
      const h = (await (await fetch(`${site.url}/health`)).json()) as { event_log_head: number; projection_lag: number };
      if (h.event_log_head !== head) {
        head = h.event_log_head;
        since = performance.now();
      } else if (h.projection_lag === 0 && performance.now() - since > 2000) break;
      if (performance.now() - t > 3_600_000) throw new Error(`the site did not settle (head ${head})`);
      await new Promise((res) => setTimeout(res, 250));
    }
    return { seconds: round((performance.now() - t) / 1000), events_appended: head - headBefore };
  } finally {
    await site.stop();
  }
}

const SEED = 42;

/**
 * The log of `projects` projects at `path`: copied from the log cache when a run kept one (scale-log-cache.ts),
 * else generated (and kept for the next run). Says which, and how long each step took.
 */
async function catalogueLog(path: string, projects: number) {
  const cache = logCache(projects, SEED);
  let t = performance.now();
  if (cache?.restore(path)) {
    const store = new SqliteEventStore({ path });
    return { store, log: { source: 'cached' as const, cache: cache.path, copy_s: round((performance.now() - t) / 1000) } };
  }
  const cpu = process.cpuUsage();
  const store = new SqliteEventStore({ path });
  let shown = 0;
  const onProgress = (written: number) => {
    if (written - shown < 500_000) return;
    shown = written;
    log(`scale ${projects}: generating: ${written} events in ${round((performance.now() - t) / 1000)} s`);
  };
  const { events } = await writeGeneratedLog(store, projects, SEED, 0, { onProgress });
  const seconds = (performance.now() - t) / 1000;
  // the process's CPU time while it wrote (nothing else runs in it then): on a shared machine, the cost apart from the waiting
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const generated = {
    source: 'generated' as const,
    write_s: round(seconds),
    write_events_per_s: Math.round(events / seconds),
    write_cpu_s: round(cpuSeconds),
    write_events_per_cpu_s: Math.round(events / cpuSeconds),
  };
  if (!cache) return { store, log: generated };
  store.db.close();
  t = performance.now();
  cache.keep(path);
  return { store: new SqliteEventStore({ path }), log: { ...generated, cache: cache.path, keep_s: round((performance.now() - t) / 1000) } };
}

/**
 * Every scale figure at one catalogue size, from a log written for it (with the OpenSearch peer beside the search figures when there is one).
 * Each phase logs its figures as it finishes; a phase that fails ends the size with the figures so far and the error.
 */
export async function scaleAt(projects: number, peerServer: PeerServer = { skipped: 'not asked for' }) {
  const tmp = tempDir(`scale-${projects}`);
  let peer: PeerIndex | null = null;
  const figures: Record<string, unknown> = { projects, search_peer_opensearch: 'skipped' in peerServer ? { skipped: peerServer.skipped } : null };
  const phase = (name: string, found: Record<string, unknown>) => {
    Object.assign(figures, found);
    log(`scale ${projects}: ${name}: ${JSON.stringify(found)}`);
  };
  let site: ChildSite | null = null;
  try {
    const { store, log: written } = await catalogueLog(join(tmp.dir, 'events.db'), projects);
    const events = await store.headPosition();
    phase('log', { events, log: written });

    // building every projection from the log, into the file the site then opens (a fresh rebuild target, written by a
    // worker thread as npm run replay's is), in a process with replay's node flags
    const build = await buildInChild(join(tmp.dir, 'events.db'), events, tmp.dir);
    phase('build', {
      build_events_per_s: build.events_per_s,
      build_s: build.seconds,
      build_cpu_s: round(build.cpu_s),
      build_max_rss_mb: build.max_rss_mb,
      build_storage_reads: build.storage_reads,
      build_window_commits_for_reads: build.window_commits_for_reads,
      build_node_flags: build.node_flags,
    });

    // live catch-up: 2% more projects appended to the log, projected by the site's own storage settings (startProjections':
    // its WAL is checkpointed by a worker thread after the catch-up, timed apart: live_catch_up_wal_checkpoint_s), in a
    // process of its own with the site's node flags, as a site catches up when it starts after its log grew
    await writeGeneratedLog(store, Math.max(1000, Math.floor(projects / 50)), 7, projects);
    const live = await catchUpInChild(join(tmp.dir, 'events.db'), tmp.dir);
    phase('live catch-up', {
      live_catch_up_events_per_s: Math.round(live.events / live.seconds),
      live_catch_up_events: live.events,
      live_catch_up_cpu_s: round(live.cpu_s),
      live_catch_up_events_per_cpu_s: Math.round(live.events / live.cpu_s),
      live_catch_up_wal_checkpoint_s: live.wal_checkpoint_s === null ? null : round(live.wal_checkpoint_s),
    });
    // what the catch-up left for later: its documents and keys went to the read models' recent tables, which a site folds
    // into the main ones, a step a commit, once they are a tenth of them (RECENT_FOLD); here all of them at once, step by step
    const fold = foldRecent(new SqliteProjectionStorage(projectionsPath(tmp.dir), { checkpointWorker: true }));
    phase('recent fold', {
      live_catch_up_fold_s: round(fold.seconds),
      live_catch_up_fold_steps: fold.stepsMs.length,
      live_catch_up_fold_longest_step_ms: Math.round(fold.stepsMs.at(-1)!),
    });
    await fold.storage.close();
    // the release scheduler's first run over the log (the scheduling events alone, window by window), as a site's
    // first start does it: the figures after it are those of a site that has been running
    const scheduler = new ReleaseScheduler({ store, leases: new SqliteLeaseStore({ db: store.db }) });
    const ts = performance.now();
    await scheduler.runOnce();
    await scheduler.close();
    phase('release scheduler', { release_scheduler_first_run_s: round((performance.now() - ts) / 1000) });
    const headBefore = await store.headPosition();
    await store.close();
    const settled = await settle(tmp.dir, headBefore);
    phase('first start', { first_start_settle_s: settled.seconds, first_start_events_appended: settled.events_appended });

    // the peer gets the same documents, read back from the projections just built
    if ('url' in peerServer) {
      const storage = new SqliteProjectionStorage(projectionsPath(tmp.dir));
      try {
        peer = await fillPeer(peerServer.url, storage.search, `bench-${projects}`);
        phase('peer fill', { peer_documents: peer.documents, peer_fill_s: peer.fill_s });
      } catch (err) {
        figures.search_peer_opensearch = { error: String((err as Error)?.stack ?? err) };
      } finally {
        await storage.close();
      }
    }

    // cold start: spawn to the first correct answer (every listed project counted) with the projections built and the site settled
    const listed = projects + Math.max(1000, Math.floor(projects / 50));
    const t = performance.now();
    site = await startChildSite(tmp.dir, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_KEY: KEY });
    let hits = -1;
    while (performance.now() - t < 600_000) {
      const r = await fetch(`${site.url}/v2/search?limit=1`);
      if (r.ok) hits = ((await r.json()) as { total_hits: number }).total_hits;
      if (hits === listed) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    if (hits !== listed) throw new Error(`search lists ${hits} projects, expected ${listed}`);
    phase('cold start', { cold_start_s: round((performance.now() - t) / 1000) });
    for (const path of searchMix(50, 1)) await fetch(site.url + path).then((r) => r.arrayBuffer());
    const passes = { single: searchMix(10_000, 2), concurrent: searchMix(30_000, 3) };
    const single = await load(site.url, 1, passes.single, { serverPid: site.pid });
    const concurrent = await load(site.url, 16, passes.concurrent, { serverPid: site.pid });
    phase('search', {
      search_p99_ms: single.p99_ms,
      search_p50_ms: single.p50_ms,
      search_rps_16: concurrent.requests_per_s,
      search_errors: single.errors + single.non_2xx + concurrent.errors + concurrent.non_2xx,
      search_load_generator: concurrent.load_generator,
      // who used the CPU in the 16-client pass, µs a request: the site, and the load generator beside it on the same cores
      search_site_cpu_us_per_request_16: concurrent.server_cpu_us_per_request,
      search_generator_cpu_us_per_request_16: concurrent.generator_cpu_us_per_request,
      rss_mb: site.rssMb(),
    });
    phase('routes', await routeTimes(site, ADMIN));
    if (peer) {
      const running = site;
      const totalOf = async (path: string) => ((await (await fetch(running.url + path)).json()) as { total_hits: number }).total_hits;
      const side = await peerSideBySide(peer, passes, { single, concurrent, totalOf }).catch((err) => ({ error: String((err as Error)?.stack ?? err) }));
      phase('peer', { search_peer_opensearch: side });
    }
    const fresh = await freshness(site);
    phase('freshness', { freshness_p99_ms: fresh.p99_ms, freshness: fresh });
    // the same measure as the cold start, after a kill -9 that follows the freshness phase's commands
    phase('crash start', await crashStart(site));
    return figures;
  } catch (err) {
    log(`scale ${projects}: stopped: ${String(err)}`);
    return { ...figures, error: String((err as Error)?.stack ?? err) };
  } finally {
    await site?.stop();
    await peer?.drop().catch(() => {});
    // BENCH_KEEP_DIR=1 keeps the built log and projections, to start a site on them again (profiling, debugging)
    if (process.env.BENCH_KEEP_DIR === '1') log(`scale ${projects}: kept ${tmp.keep()}`);
    else tmp.remove();
  }
}

/**
 * The `scale` section: the figures at 100k and, with `--projects N`, at N too, in one run.
 * SCALE_SIZES (comma-separated project counts) replaces those sizes, e.g. SCALE_SIZES=1000000 for 1M alone.
 * The OpenSearch peer runs beside sizes up to 1M; BENCH_PEER=on adds it at larger ones, BENCH_PEER=off drops it.
 */
export async function benchScale(projects: number) {
  const chosen = process.env.SCALE_SIZES?.split(',').map(Number);
  if (chosen?.some((n) => !Number.isInteger(n) || n < 1000)) throw new Error('SCALE_SIZES takes whole numbers of at least 1000');
  const sizes = chosen ?? [...new Set([100_000, projects])].sort((a, b) => a - b);
  const out: Record<string, unknown> = { goals: SCALE_GOALS };
  // one OpenSearch for every size that has it (started and stopped here), or the reason there is none
  const withPeer = sizes.filter((n) => process.env.BENCH_PEER === 'on' || n <= PEER_AUTO_MAX);
  const peer: PeerServer = withPeer.length ? startPeerServer() : { skipped: PEER_AUTO_SKIPPED };
  if ('skipped' in peer) log(`peer: skipped: ${peer.skipped}`);
  try {
    for (const n of sizes) {
      log(`scale: ${n} projects`);
      out[String(n)] = await scaleAt(n, withPeer.includes(n) ? peer : { skipped: PEER_AUTO_SKIPPED });
    }
  } finally {
    if ('url' in peer) peer.stop();
  }
  return out;
}
